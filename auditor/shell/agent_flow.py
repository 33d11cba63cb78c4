"""Where an agent's exit status goes in a shell script.

Invocations are agent commands (through wrappers, paths and variables) and
calls of functions whose body runs an agent. Their status is followed into
variables (`rc=$?` right after, `agent || rc=$?`, `if ! agent; then rc=$?`,
`wait $pid` of a backgrounded agent, `${PIPESTATUS[i]}`, copies), then into
guards (`[ ]`, `[[ ]]`, `test`, `(( ))`, `case`). Reads that errexit makes
unreachable and statuses nothing reads are recorded too.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Mapping
from typing import NamedTuple

from auditor.agent_status import AgentCall, AgentStatus, LostStatus, UnreachableRead
from auditor.exit_codes import ExitCodes, either_codes, invocation_codes
from auditor.profiles import AgentProfile
from auditor.shell.commands import MESSAGE_COMMANDS, SimpleCommand, WrapperUse
from auditor.shell.first_turn import never_reached
from auditor.shell.functions import FunctionSummary, enclosing_function
from auditor.shell.guards import status_guards
from auditor.shell.jobs import job_ending_with, waits_for
from auditor.shell.lost import kept_by_library, lost_status
from auditor.shell.model import ShellScript
from auditor.shell.options import ShellOptions
from auditor.shell.output_words import calls_of, local_names
from auditor.shell.parse import (
    Node,
    backgrounded,
    enclosing_definition,
    enclosing_loop,
    named,
    within,
)
from auditor.shell.schedule import endless
from auditor.shell.stages import Pipeline
from auditor.shell.status import (
    ALL_INDICES,
    branch_ends,
    branch_pipestatus,
    ends_on_failure,
    in_condition,
    next_statement,
    pipestatus_indices,
    reads_exit_status,
    substitution_assignment,
)
from auditor.shell.written_files import written_file
from auditor.shell.wrong_reads import (
    always_succeeds,
    failure_branch_read,
    first_read,
    read_after_assignments,
    read_after_discard,
    read_after_discarded_job,
    read_after_if,
    read_after_test,
    read_of_other_stage,
)

_GROUPS = frozenset({"compound_statement", "subshell"})
_DECLARING = frozenset({"variable_assignment", "declaration_command"})  # `rc=…`, `local rc`
_VARIABLE_READ = re.compile(r"^\$\{?([A-Za-z_]\w*|\?|[1-9])\}?$")


# Statements whose status errexit acts on in the shell around them, for a run inside.
_ACTED_ON = frozenset({"variable_assignment", "subshell", "compound_statement"})


class _Invocation(NamedTuple):
    call: AgentCall
    command: SimpleCommand
    statement: Node  # whose status is the agent's (or holds it in PIPESTATUS)
    stage: int | None  # index in a pipeline whose $? is not the agent's


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


class _Flow:
    def __init__(self, script: ShellScript) -> None:
        self.script = script
        self.parsed = script.parsed
        self.status = AgentStatus.empty()
        self._stages: dict[int, Pipeline] | None = None
        self.functions = self._agent_functions()
        # variable -> (where it is set, the call whose status it holds there), in order
        self.bound: dict[str, list[tuple[int, AgentCall]]] = {}
        self._settings: dict[int, Node] = {}  # the assignment at each start in `bound`
        self._scopes: dict[int, Node | None] = {}  # `_scope_of`
        self.direct: dict[int, AgentCall] = {}  # statement id -> call whose status `$?` is
        self.waits: list[_Invocation] = []  # `wait "$pid"` of a background agent, in its place
        # the calls whose status a read lost already (after `|| true`, another stage's)
        self.discarded: set[int] = set()
        # (if/case, agent, why) of the lost statuses of runs that end a branch
        self._alternatives: set[tuple[int, str, str]] = set()
        # an unreachable read's place (or the call that makes it so) -> its entry
        self._reads_at: dict[tuple[int, int] | tuple[str, int, int], int] = {}
        self._unreached: dict[str, bool] = {}  # functions whose every run is never reached
        # (function, parameter number) -> the run whose status its callers pass (`_held`)
        self._parameters: dict[tuple[int, int], AgentCall | None] = {}

    def _agent_functions(self) -> dict[str, FunctionSummary]:
        """Functions whose call runs an agent and passes its status on (the model's summaries)."""
        return {
            name: summary
            for name, summary in self.script.summaries.items()
            if summary.agent is not None
        }

    def _invocation(self, command: SimpleCommand) -> _Invocation | None:
        extra: Mapping[int, str] = {}
        inner: tuple[WrapperUse, ...] = ()  # those a called function runs the agent under
        profile = self.script.agent_of(command)  # its own, or a function's it calls
        if profile is None:
            return None
        label = command.label or profile.name
        if command.agent is None:
            summary = self.functions.get(command.command_name or "")
            if summary is not None and summary.agent is profile:
                extra, inner = summary.returns, summary.wrappers
            label = command.command_name or profile.name
        if never_reached(self.script, command.node) or self._never_runs(command):
            return None  # errexit ends the script before it, on the first turn of its loop
        catalog = self.script.catalog
        codes = either_codes(  # under the wrappers any value of its words gives it
            [
                invocation_codes(profile, (*own, *inner), catalog, shell=True, extra=extra)
                for own in (command.wrappers, *command.alternatives)
            ]
        )
        start, end = self.parsed.span(command.node)
        statement, stage = self._statement(command.node)
        return _Invocation(AgentCall(start, end, label, codes), command, statement, stage)

    def _never_runs(self, command: SimpleCommand) -> bool:
        """Whether a call runs a function of the script whose every agent run is never
        reached (`never_reached`): the call ends the script before any."""
        name = command.command_name or ""
        runs = self._function_runs.get(name) if command.agent is None else None
        if not runs:
            return False
        if name not in self._unreached:
            self._unreached[name] = all(never_reached(self.script, run) for run, _ in runs)
        return self._unreached[name]

    @functools.cached_property
    def _function_runs(self) -> dict[str, list[tuple[Node, AgentProfile]]]:
        """The agent runs in each function's own body, with their agents (one pass)."""
        found: dict[str, list[tuple[Node, AgentProfile]]] = {}
        for command in self.script.commands:
            profile = self.script.agent_of(command)
            holder = enclosing_function(command.node, self.parsed) if profile else None
            if holder is not None and profile is not None:
                found.setdefault(holder, []).append((command.node, profile))
        return found

    def _statement(self, node: Node) -> tuple[Node, int | None]:
        """The statement whose status is the command's, and its stage if masked there: a
        group (`{ …; }`, `( … )`) whose last statement it is passes its status on, and so
        does one whose last statement is a pipeline that returns its status (`( agent |
        tee log )` under pipefail)."""
        node = _passed_on(node, self.script)
        pipeline = self._pipeline_of(node)
        if pipeline is None:
            return node, None
        index = next(i for i, s in enumerate(pipeline.stages) if within(node, s.node))
        last = index == len(pipeline.stages) - 1
        if not (last or pipeline.options.pipefail):
            return pipeline.node, index
        holder = _passed_on(pipeline.node, self.script)
        if holder.id != pipeline.node.id and self._pipeline_of(holder) is None:
            # `X=$(agent | tee log)` under pipefail: the assignment's status is the
            # pipeline's, and `PIPESTATUS` after it holds that one status
            return holder, None
        return pipeline.node, None

    def _pipestatus_read(self, invocation: _Invocation) -> bool:
        """Whether the next statement reads the agent's own `${PIPESTATUS[i]}` (with pipefail
        the pipeline's status is the agent's too, but a script may still read its stage).
        A masked pipeline's `|| true` runs only when its last stage fails: the read after
        the list (or the branch it ends) sees the pipeline's own statuses."""
        statement = invocation.statement
        holder = statement.parent
        # also read after the `fi` of its branch, and after the `( … )` or `a && …` it ends
        indices = branch_pipestatus(statement) or branch_pipestatus(_carried_by(statement))
        if (
            not indices
            and invocation.stage is not None
            and holder is not None
            and holder.type == "list"
            and always_succeeds(holder, self.script)
        ):
            indices = branch_pipestatus(holder)
        if not indices:
            return False
        pipeline, index = self._stage_of(invocation)
        if pipeline is None:
            return 0 in indices or ALL_INDICES in indices  # `cmd; rc=${PIPESTATUS[0]}`
        return index in indices or ALL_INDICES in indices

    def _stage_of(self, invocation: _Invocation) -> tuple[Pipeline | None, int | None]:
        """The pipeline the agent's command is a stage of, and its index there."""
        node = invocation.command.node
        while node.parent is not None and node.parent.type == "redirected_statement":
            node = node.parent
        pipeline = self._pipeline_of(node)
        if pipeline is None:
            return None, None
        return pipeline, next(i for i, s in enumerate(pipeline.stages) if within(node, s.node))

    def _pipeline_of(self, node: Node) -> Pipeline | None:
        if self._stages is None:  # built once: a lookup per agent call stays cheap
            self._stages = {
                stage.node.id: pipeline
                for pipeline in self.script.pipelines
                for stage in pipeline.stages
            }
        return self._stages.get(node.id)

    def run(self) -> AgentStatus:
        invocations = [i for c in self.script.commands if (i := self._invocation(c))]
        self.status.calls.extend(i.call for i in invocations)
        for invocation in invocations:
            self._capture(invocation)
        self._copies()
        self.status.guards.extend(status_guards(self.script, self._reference, self._stored_by))
        for invocation in invocations:
            self._unreachable(invocation)
            self._lost(invocation)
        for wait in self.waits:
            self._unreachable(wait)  # errexit ends the script at a failing job's `wait`
        for command in self.script.commands:
            # a function whose codes judge the run's output: errexit ends the script when
            # it returns one of failure, so the read after it sees only its success
            summary = self.script.summaries.get(command.command_name or "")
            if command.agent is None and summary is not None and summary.verdict is not None:
                start, end = self.parsed.span(command.node)
                label = command.command_name or summary.verdict.name
                codes = ExitCodes(summary.verdict, dict(summary.returns), signals=False)
                call = AgentCall(start, end, label, codes)
                statement, stage = self._statement(command.node)
                self._unreachable(_Invocation(call, command, statement, stage))
        self._lossy_calls()
        for command in self.script.commands:  # a library's function keeps it in a global
            if command.agent is not None or command.command_name not in self.script.summaries:
                continue
            kept = kept_by_library(self.script, command, self._statement(command.node)[0])
            if kept is not None and not never_reached(self.script, command.node):
                self.status.lost.append(kept)
        return self.status

    def _lossy_calls(self) -> None:
        """A call of a function that runs an agent but returns another status (`rm`'s
        after the run): its caller's `if ! f; then rc=$?` still reads the negation's 0,
        never the function's failure or its own codes (`return 10`), a defect of its own."""
        running = {name: runs[0][1] for name, runs in self._function_runs.items()}
        for command in self.script.commands:
            name = command.command_name or ""
            if name not in running or self.script.agent_of(command) is not None:
                continue
            if never_reached(self.script, command.node) or self._never_runs(command):
                continue  # errexit ends the script before it, or before any of its runs
            summary = self.script.summaries.get(name)
            if summary is not None and summary.verdict is not None:
                continue  # judged by its own codes: `_unreachable` reads it (see `run`)
            start, end = self.parsed.span(command.node)
            call = AgentCall(start, end, name, ExitCodes(running[name], {}, signals=False))
            statement, stage = self._statement(command.node)
            self._wrong_reads(_Invocation(call, command, statement, stage), branch_only=True)

    def _bind(self, assignment: Node | None, call: AgentCall, value: str) -> bool:
        if assignment is None or assignment.type != "variable_assignment":
            return False
        name = assignment.child_by_field_name("name")
        content = assignment.child_by_field_name("value")
        if name is None or content is None or _text(content).strip('"') != value:
            return False
        settings = self.bound.setdefault(_text(name), [])
        bisect.insort(settings, (assignment.start_byte, call), key=lambda setting: setting[0])
        self._settings[assignment.start_byte] = assignment
        return True

    def _capture(self, invocation: _Invocation) -> None:
        call, statement = invocation.call, invocation.statement
        parent = statement.parent
        self._wrong_reads(invocation)
        if invocation.stage is not None:
            following = next_statement(statement)
            value = f"${{PIPESTATUS[{invocation.stage}]}}"
            for candidate in _assignments(following):
                self._bind(candidate, call, value)
            return
        job = statement if backgrounded(statement) else job_ending_with(statement)
        if job is not None:  # (or the run ends a background subshell: `(cd d && agent) &`)
            self._capture_background(invocation, job)
            return
        if parent is not None and parent.type == "list":
            right = statement.next_named_sibling
            operator = statement.next_sibling
            if operator is not None and operator.type == "||":
                self._bind(right, call, "$?")
        following = next_statement(statement)
        if following is not None:
            self.direct[following.id] = call
            for candidate in _assignments(following):
                if not self._bind(candidate, call, "$?") and statement.type != "pipeline":
                    self._bind(candidate, call, "${PIPESTATUS[0]}")  # one status: `$?`'s

    def _wrong_reads(self, invocation: _Invocation, *, branch_only: bool = False) -> None:
        """Reads right after a run that cannot hold its status (`auditor.shell.wrong_reads`),
        each a status lost where the read stands (the finding goes there, or to the run
        where its fix is: `WrongRead.at_run`)."""
        call, statement = invocation.call, invocation.statement
        pipeline, index = self._stage_of(invocation)
        labels = _unmasked_labels(pipeline, index)
        found = [failure_branch_read(self.script, call, statement, labels, index)]
        if not branch_only:
            command, stage = invocation.command, invocation.stage
            discarded = read_after_discard(self.script, call, command, statement, stage)
            discarded = discarded or read_after_discarded_job(self.script, call, statement)
            # the pipeline's status is the agent's, but the read takes another stage's
            other = read_of_other_stage(call, statement, labels, index)
            after = read_after_if(call, statement) or read_after_assignments(
                self.script, call, statement
            )
            if any(wrong is not None for wrong in (discarded, other, after)):
                self.discarded.add(id(call))
            found += [discarded, other, after]
            found.append(read_after_test(call, statement))
        for wrong in found:
            if wrong is not None:
                read = None if wrong.at_run else self.parsed.span(wrong.read)
                lost = LostStatus(call.start, call.end, call, wrong.how, hint=wrong.hint, read=read)
                self.status.lost.append(lost)

    def _capture_background(self, invocation: _Invocation, job: Node) -> None:
        """A `wait` that returns the status of a background agent (its `job`) takes its
        place."""
        for wait in waits_for(job, self.script.commands, self.script.parsed):
            if wait.carries:
                statement = self._statement(wait.command.node)[0]
                proxy = _Invocation(invocation.call, wait.command, statement, None)
                self.waits.append(proxy)
                self._capture(proxy)

    def _copies(self) -> None:
        assignments = [n for n in self.parsed.nodes() if n.type == "variable_assignment"]
        for _ in range(2):
            for node in assignments:
                content = node.child_by_field_name("value")
                name = node.child_by_field_name("name")
                match = _VARIABLE_READ.match(_text(content).strip('"')) if content else None
                source = self._held(match.group(1), node) if match else None
                if source is None or name is None:
                    continue
                settings = self.bound.setdefault(_text(name), [])
                if (node.start_byte, source) not in settings:  # each copy, once
                    settings.append((node.start_byte, source))
                    self._settings[node.start_byte] = node
                    settings.sort(key=lambda setting: setting[0])

    def _reference(self, node: Node) -> AgentCall | None:
        """The call whose status a word (`$rc`, `"$rc"`, `rc` in `(( ))`, `$?`) holds."""
        text = _text(node).strip('"')
        match = _VARIABLE_READ.match(text) or re.match(r"^([A-Za-z_]\w*)$", text)
        if match is None:
            return None
        if match.group(1) == "?":
            statement = _statement_of(node)
            return self.direct.get(statement.id) if statement is not None else None
        return self._held(match.group(1), node)

    def _stored_by(self, assignment: Node) -> AgentCall | None:
        """The run whose status an assignment stores (`rc=$?` right after it)."""
        name = assignment.child_by_field_name("name")
        settings = self.bound.get(_text(name), []) if name is not None else []
        return next((c for start, c in settings if start == assignment.start_byte), None)

    def _held(self, name: str, read: Node) -> AgentCall | None:
        """The call whose status the variable or positional parameter `name` holds at
        `read`: a function's `$2` holds what its callers pass there (`is_quota "$out"
        "$rc"`), when every call passes the status of the same run."""
        if not name.isdigit():
            return self._bound_at(name, read)
        function = enclosing_definition(read)
        if function is None:
            return None
        key = (function.id, int(name))
        if key not in self._parameters:
            self._parameters[key] = None  # while it is found: a call back into it adds none
            self._parameters[key] = self._passed(function, int(name))
        return self._parameters[key]

    def _passed(self, function: Node, number: int) -> AgentCall | None:
        """The run whose status every call of `function` passes as its parameter `number`;
        None where one passes something else, or the body moves its parameters (`shift`,
        `set --`)."""
        named = function.child_by_field_name("name")
        if named is None or any(
            c.command_name == "shift" or (c.command_name == "set" and "--" in c.argv[1:2])
            for c in self.script.inside(function)
        ):
            return None
        found: set[int] = set()
        call: AgentCall | None = None
        for command in calls_of(self.script).get(_text(named), ()):
            if within(command.node, function):
                continue  # a recursive call passes on what its own caller gave
            words = command.word_nodes
            word = words[number] if len(words) > number else None
            call = self._reference(word) if word is not None else None
            if call is None:
                return None
            found.add(id(call))
        return call if len(found) == 1 else None

    def _bound_at(self, name: str, read: Node) -> AgentCall | None:
        """The call whose status `name` holds where `read` reads it: the one it was set to
        last above it, else the last one set where it may run after the read (a read in a
        function defined above its call, or in a loop that sets it later); not one set in
        another branch, nor where either side's function has the name as its own."""
        settings = self.bound.get(name)
        if not settings:
            return None
        here = enclosing_definition(read)
        own = here is not None and name in local_names(self.script, here)

        def same_variable(start: int) -> bool:  # neither side's `local` hides the other's
            there = self._scope_of(start)
            if there is not None and not within(read, there):
                return name not in local_names(self.script, there)
            return not own or here is None or within(self._settings[start], here)

        for start, call in reversed(settings):  # in text order: the nearest above first
            if start < read.start_byte and same_variable(start):
                return call
        later = [
            call
            for start, call in settings
            if start >= read.start_byte
            and same_variable(start)
            and self._runs_before(self._settings[start], read)
        ]
        return later[-1] if later else None

    def _scope_of(self, start: int) -> Node | None:
        """The function whose body holds the setting at `start` (found once)."""
        if start not in self._scopes:
            self._scopes[start] = enclosing_definition(self._settings[start])
        return self._scopes[start]

    @staticmethod
    def _runs_before(setting: Node, read: Node) -> bool:
        """Whether a setting later in the text than `read` may run before it: the read is
        in a function (it runs where it is called), or in a loop that holds the setting."""
        function = enclosing_definition(read)
        if function is not None and not within(setting, function):
            return True
        loop = enclosing_loop(read)
        while loop is not None and not within(setting, loop):
            loop = enclosing_loop(loop)
        return loop is not None  # the next turn reads what this one set

    def _unreachable(self, invocation: _Invocation) -> None:
        statement, node = invocation.statement, invocation.command.node
        own = node  # the run itself: what ends a subshell around it
        holder = enclosing_function(node, self.parsed)
        if holder is not None and holder not in self.script.called:
            return  # errexit is decided where a function is called, and nothing calls it
        acted = statement
        if statement.type == "redirected_statement":  # `( … ) > log`: on the group
            acted = statement.child_by_field_name("body") or statement
        if acted.type in _ACTED_ON and within(node, acted):
            # `X=$(agent)`, `( agent | tee log )`: errexit acts on the assignment or the
            # group, as the shell around it has it (not a `set -e` inside the group)
            node = acted
        # (one plain call of the function under errexit, when some call has it)
        some = holder is not None and self.script.errexit_on_some_call(node)
        via = self._plain_call(holder) if holder is not None and some else None
        options = self._options(node, holder, via)
        # the read right after the run; in a subshell that errexit leaves with the run's
        # status (`( agent; rc=$?; … )`, also one run in the background) the one inside
        # it first, then the one after it; none where a failure goes on to the read (a
        # condition, `&`, a masked stage)
        inner = self._left_inside(invocation)
        found_in = next(
            (
                (s, r)
                for s in (inner, statement)
                if s is not None
                and (
                    ends_on_failure(node, options, before=s)
                    if s is not inner
                    # inside the subshell: as its own options have it (`( set -e; … )`)
                    else ends_on_failure(own, self._options(own, holder, via), before=s)
                )
                and (r := self._read_after(s))
            ),
            None,
        )
        if found_in is None:
            return
        left, read = found_in
        subshell = _in_subshell(left)
        guards = sum(1 for g in self.status.guards if g.call is invocation.call)
        start, end = self.parsed.span(read)
        found = UnreachableRead(start, end, invocation.call, guards, via, subshell)
        # one read, one entry: runs of an agent in two branches both reach it, and the
        # guards on the value are counted with one of them; and one call of the function
        # under errexit, one entry: the reads it makes dead (one in each branch of an
        # `if`) have one fix there: reported at the first (not where scripts that source
        # this one call it too: those calls may run the other branch)
        outside = holder is not None and holder in self.script.called_errexit_outside
        place = via if via is not None and not outside else (start, end)
        held = self._reads_at.get(place)
        if held is None:
            self._reads_at[place] = len(self.status.unreachable)
            self.status.unreachable.append(found)
        elif guards > (first := self.status.unreachable[held]).guards:
            kept = found._replace(start=first.start, end=first.end) if via else found
            self.status.unreachable[held] = kept

    def _options(
        self, node: Node, holder: str | None, via: tuple[str, int, int] | None
    ) -> ShellOptions:
        """The options at `node`; in a function, errexit on in the body only if every call
        has it: one plain call under it (`via`) still ends the script there (`f` once,
        `if ! f` elsewhere), here or in a script that sources this one."""
        options = self.script.options_at(node)
        if holder is not None and self.script.errexit_on_some_call(node):
            outside = holder in self.script.called_errexit_outside
            errexit = via is not None or outside
            options = options._replace(errexit=True) if errexit else options
        return options

    def _read_after(self, statement: Node) -> Node | None:
        """The status read right after `statement`, or after the `fi` (`esac`) of each
        branch it ends, unless it only passes the status on."""
        statement = next(
            (level for level in branch_ends(statement) if reads_exit_status(level)), statement
        )
        if not reads_exit_status(statement) and not pipestatus_indices(statement):
            return None
        following = next_statement(statement)
        read = first_read(following) if following is not None else None
        if read is None or following is None or self._passes_on(following):
            return None
        return read

    def _left_inside(self, invocation: _Invocation) -> Node | None:
        """The run's own statement inside the subshell its status leaves (`( agent …; echo
        $? > rc ) | tee log`, `( agent; rc=$? )` under errexit), when more follows it there;
        None when the run is the statement whose status goes on."""
        own = _statement_of(invocation.command.node)
        outer = invocation.statement
        if own is None or own.id == outer.id or not within(own, outer):
            return None
        group = own.parent
        if group is None or group.type != "subshell" or next_statement(own) is None:
            return None
        return own

    def _plain_call(self, name: str) -> tuple[str, int, int] | None:
        """Where function `name` is first called under errexit, outside any condition (its
        failure ends the script there), from outside its own body; None if nowhere."""
        definition = self.script.functions.get(name)
        for command in self.script.commands:
            node = command.node
            if command.command_name != name or (definition and within(node, definition)):
                continue
            if ends_on_failure(node, self.script.options_at(node)) or (
                not in_condition(node) and self.script.errexit_on_some_call(node)
            ):
                return (name, *self.parsed.span(node))
        return None

    def _passes_on(self, read: Node) -> bool:
        """Whether a status read only passes the status on, deciding nothing: `exit $?`,
        `return $?`, `rc=$?` that nothing reads, or whose value only an `exit`/`return` uses,
        with nothing run in between but messages before that `exit` (`echo "exit code
        $rc"`; a teardown there, or a line a log keeps, is skipped on failure: a finding)."""
        if _exits_with(read):
            return True
        assignments = _assignments(read)
        names = {
            _text(_array_of(name))
            for assignment in assignments
            if (name := assignment.child_by_field_name("name")) is not None
        }
        read_names = self.script.read_names()
        hidden = any(read_names.out_of_sight(assignment) for assignment in assignments)
        if names and not hidden and not names & read_names.names:
            return True  # `rc=${PIPESTATUS[0]}` that nothing reads: no guard to be dead
        after, shown = _runs_next(read), False
        while after is not None and self._displays(after):
            after, shown = _runs_next(after), True
        guard = after if after is not None and self._exit_guard(after, names) else None
        if not names or (after is not None and not _exits_with(after) and guard is None):
            return False
        if shown and after is None:
            return False  # a message meant to report a failure, which it never sees
        return all(
            _exits_with(use) or self._displays(use) or (guard is not None and within(use, guard))
            for use in self.parsed.nodes_from(read.end_byte)
            if use.type == "variable_name"
            and _text(use) in names
            and (use.parent is None or use.parent.type not in _DECLARING)
        )

    def _exit_guard(self, node: Node, names: set[str]) -> bool:
        """Whether `node` is an `if` without other branches whose body only prints messages
        and exits with the status read (`if [ "$rc" -ne 0 ]; then echo "failed: $rc" >&2;
        exit "$rc"; fi`): under errexit only the message is lost, the exit status is the
        same."""
        if node.type != "if_statement":
            return False
        kinds = [child.type for child in node.children]
        if "elif_clause" in kinds or "else_clause" in kinds or "then" not in kinds:
            return False
        tests = [self.parsed.node_text(c) for c in named(node, "condition")]
        if len(tests) != 1 or not any(_nonzero(tests[0], name) for name in names):
            return False  # (taken on every failure: one that tests `-eq 124` is not)
        body = [c for c in node.children[kinds.index("then") + 1 :] if c.is_named]
        exits = [s for s in body if _exits_with(s)]
        return bool(exits) and all(
            self._displays(s) or (s in exits and _exit_status(s) in names) for s in body
        )

    def _displays(self, node: Node) -> bool:
        """Whether `node` is, or is a word of, a command that only prints a message to the
        terminal (`echo "exited $rc" >&2`; a line a log file keeps records the run)."""
        current: Node | None = node
        if node.type == "redirected_statement":
            current = node.child_by_field_name("body")
        while current is not None and current.type not in ("command", "program"):
            if current.type in ("command_substitution", "process_substitution"):
                return False  # what it runs is more than a message
            current = current.parent
        command = self.script.command_at(current) if current is not None else None
        if command is None or command.command_name not in MESSAGE_COMMANDS:
            return False
        holder = command.node.parent
        redirects = holder.named_children if holder is not None else []
        return (
            holder is None
            or holder.type != "redirected_statement"
            or not any(written_file(r) for r in redirects if r.type == "file_redirect")
        )

    def _lost(self, invocation: _Invocation) -> None:
        if invocation.command.interactive:
            return  # a person's session: its outcome is theirs to see
        called = self.functions.get(invocation.command.command_name or "")
        if called is not None and invocation.command.agent is None:
            if called.handles:
                return  # the function read the agent's status and acted on a failure itself
            loop = enclosing_loop(invocation.statement)
            if called.tells and (loop is None or not endless(self.script, loop)):
                return  # it told of a failure itself, and nothing runs it again for ever
        if self._pipestatus_read(invocation):
            return  # the script reads the agent's own stage
        if id(invocation.call) in self.discarded:
            return  # lost already, by a read after `|| true` or of another stage
        command, statement = invocation.command, invocation.statement
        lost = lost_status(self.script, invocation.call, command, statement, invocation.stage)
        if lost is None:
            return
        # the agent ending each branch of one `if`/`case` (`timeout …`, `gtimeout …`, or
        # the bare run): the statement's status is lost once, however many branches
        holder = _alternative_of(statement)
        if holder is not None:
            key = (holder, lost.call.label, lost.how)
            if key in self._alternatives:
                return
            self._alternatives.add(key)
        self.status.lost.append(lost)


def _alternative_of(statement: Node) -> int | None:
    """The `if` or `case` a statement ends a branch of (its status is that statement's
    then), or None."""
    parent = statement.parent
    if parent is None:
        return None
    if parent.type in ("elif_clause", "else_clause", "case_item"):
        holder = parent.parent
        body = [c for c in parent.named_children if c.type != "comment"]
    elif parent.type == "if_statement":
        holder = parent
        then = next((c for c in parent.children if c.type == "then"), None)
        if then is None or statement.start_byte < then.start_byte:
            return None  # its condition, not a branch
        body = [
            c
            for c in parent.named_children
            if c.type not in ("comment", "elif_clause", "else_clause")
            and c.start_byte > then.start_byte
        ]
    else:
        return None
    last = bool(body) and body[-1].id == statement.id
    return holder.id if holder is not None and last else None


def _array_of(name: Node) -> Node:
    """The variable an assignment's name sets: `rc`, or `results` of `results[$k]`."""
    if name.type == "subscript":
        return name.child_by_field_name("name") or name
    return name


def _last_in(group: Node, node: Node) -> bool:
    """Whether `node` is the last statement of a `{ …; }` or `( … )` group."""
    statements = [c for c in group.named_children if c.type not in ("comment", "heredoc_body")]
    return bool(statements) and statements[-1].id == node.id


def _grouped(group: Node) -> bool:
    """Whether a group is a statement of its own (not a function's body)."""
    return group.parent is not None and group.parent.type != "function_definition"


def _assignments(node: Node | None) -> list[Node]:
    """The assignments a statement makes first (`rc=$?`, `local rc=$?`, `rc=$? msg=x`)."""
    if node is None:
        return []
    if node.type == "variable_assignment":
        return [node]
    if node.type in ("declaration_command", "variable_assignments"):
        return [c for c in node.named_children if c.type == "variable_assignment"]
    return []


def _statement_of(node: Node) -> Node | None:
    """The statement in a sequence that holds `node`."""
    current = node
    while current.parent is not None:
        parent = current.parent
        if parent.type in (
            "program",
            "compound_statement",
            "do_group",
            "subshell",
            "if_statement",
            "elif_clause",
            "else_clause",
            "case_item",
            "function_definition",
        ):
            if parent.type in ("if_statement", "elif_clause") and current.type not in (
                "elif_clause",
                "else_clause",
            ):
                return parent if parent.type == "if_statement" else current
            return current
        current = parent
    return None


def _exits_on(script: ShellScript, statement: Node) -> bool:
    """Whether errexit ends the shell a statement runs in when it fails."""
    return script.options_at(statement).errexit and not in_condition(statement)


def _exits_with(node: Node) -> bool:
    """Whether `node` is, or is a word of, an `exit` or `return` command."""
    current: Node | None = node
    while current is not None and current.type != "command":
        current = current.parent
    name = current.child_by_field_name("name") if current is not None else None
    return name is not None and _text(name) in ("exit", "return")


def _nonzero(test: str, name: str) -> bool:
    """Whether a condition holds on every non-zero value of variable `name` and only then
    (`[ "$rc" -ne 0 ]`, `[[ $rc != 0 ]]`, `(( rc ))`, `(( rc > 0 ))`)."""
    variable = rf'"?\$\{{?{re.escape(name)}\}}?"?'
    compared = rf"^\[\[?\s+{variable}\s+(?:-ne|!=|-gt)\s+\"?0\"?\s+\]\]?;?$"
    arithmetic = rf"^\(\(\s*\$?{re.escape(name)}\s*(?:(?:!=|>)\s*0\s*)?\)\);?$"
    text = " ".join(test.split())
    return bool(re.match(compared, text) or re.match(arithmetic, text))


def _exit_status(node: Node) -> str | None:
    """The variable an `exit`/`return` command passes on (`exit "$rc"`, `exit $rc`)."""
    words = node.named_children[1:] if node.type == "command" else []
    if len(words) != 1:
        return None
    word = words[0]
    if word.type == "string" and len(word.named_children) == 1:
        word = word.named_children[0]
    name = word.named_children[0] if word.type in ("simple_expansion", "expansion") else None
    return _text(name) if name is not None and len(word.named_children) == 1 else None


def shell_agent_status(script: ShellScript) -> AgentStatus:
    """What a shell unit does with its agents' exit statuses."""
    return _Flow(script).run()


def _passes(script: ShellScript, node: Node) -> bool:
    """Whether the group around a statement passes its status on: it is the group's last
    (`{ …; }`, `( … )`), or errexit leaves the subshell with it when it fails."""
    parent = node.parent
    if parent is None or parent.type not in _GROUPS or not _grouped(parent):
        return False
    return _last_in(parent, node) or (parent.type == "subshell" and _exits_on(script, node))


def _passed_on(node: Node, script: ShellScript) -> Node:
    """The statement that passes on the status of `node`: the groups (`{ …; }`, `( … )`)
    it ends, its redirects, the `X=$(…)` assignment whose substitution it ends, and a
    subshell that errexit leaves with its status when it fails (`( out=$(agent); echo
    "$out" ) > log` under `set -e`: the subshell exits with the agent's status)."""
    while node.parent is not None:
        parent = node.parent
        outer = branch_ends(node)[-1]  # the `if`/`case` whose branch it ends, if any
        if outer.id != node.id and outer.parent is not None and _passes(script, outer):
            node = outer  # `( if …; then agent | tee log; fi )`: the group's status too
        elif parent.type == "redirected_statement" or _passes(script, node):
            node = parent
        elif parent.type == "command_substitution" and _last_in(parent, node):
            assignment = substitution_assignment(parent)  # `X=$(agent)`: its status
            if assignment is None:
                break
            node = assignment
        else:
            break
    return node


def _unmasked_labels(pipeline: Pipeline | None, index: int | None) -> list[str]:
    """The labels of the stages of the agent's pipeline where RA101 says nothing of it
    (the agent is its last stage, after stages that cannot meaningfully fail), so that a
    read of another stage's `PIPESTATUS` entry is RA203's to report; none elsewhere."""
    if pipeline is None or index != len(pipeline.stages) - 1:
        return []
    if not all(stage.trivial for stage in pipeline.stages[:-1]):
        return []
    return [stage.label for stage in pipeline.stages]


def _carried_by(statement: Node) -> Node:
    """The statement whose status is `statement`'s when it runs: the subshell it ends
    (`( cd "$dir" && agent … )`, with its redirections), the `&&`/`||` list it is the last
    operand of."""
    current = statement
    while current.parent is not None:
        parent = current.parent
        if parent.type == "redirected_statement":
            body = parent.child_by_field_name("body")
            ends = body is not None and body.id == current.id
        elif parent.type in ("subshell", "list"):
            kept = [c for c in parent.named_children if c.type != "comment"]
            ends = kept[-1].id == current.id
        else:
            break
        if not ends:
            break
        current = parent
    return current


def _runs_next(node: Node) -> Node | None:
    """The statement that runs after `node`: the next in its sequence, or, when it ends a
    branch, the one after the `fi` (`esac`) around it."""
    for level in branch_ends(node):
        following = next_statement(level)
        if following is not None:
            return following
    return None


def _in_subshell(node: Node) -> bool:
    """Whether `node` runs in a subshell of its function (or script): `( … )`, or a `{ …; }`
    group run in the background or as a pipeline's stage."""
    current = node.parent
    while current is not None and current.type not in ("function_definition", "program"):
        if current.type == "subshell":
            return True
        staged = current.parent is not None and current.parent.type == "pipeline"
        if current.type == "compound_statement" and (staged or backgrounded(current)):
            return True
        current = current.parent
    return False
