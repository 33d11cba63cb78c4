"""Function summaries: what calling a shell function does with an agent's status.

One summary per function, read by every rule through the shell model:

- a function whose body runs an agent and passes its status on (the agent's
  call is its last statement, or it `return`s a status value; an `exit` ends
  the script, so its status never reaches the caller) is itself
  an agent invocation, and the codes it can produce include its own literal
  `return N`/`exit N`;
- a *pass-through wrapper* runs its arguments as a command (`"$@"`, `"${@:2}"`,
  `exec "$@"`, `command "$@"`, after `local t=$1; shift`) and passes that
  command's status on: a call `wrapper 600 claude -p …` runs the agent named in
  its arguments, inside the wrappers the body puts around `"$@"` (a `timeout`
  there adds 124).

Summaries hold no tree nodes, so a sourced file's functions join the model of
the script that sources it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import NamedTuple

from auditor.numbers import bounded_int
from auditor.profiles import AgentCatalog, AgentProfile
from auditor.shell.commands import SimpleCommand, WrapperUse, strip_wrappers
from auditor.shell.options import SHELLS
from auditor.shell.parse import (
    Node,
    ShellText,
    descendants,
    enclosing_definition,
    enclosing_loop,
    within,
)
from auditor.shell.status import (
    bare_leave,
    discarded_by,
    is_last_statement,
    next_statement,
    substitution_assignment,
)
from auditor.shell.verdict_codes import (
    acts_before_failing,
    acts_on_returned_status,
    ends_failing,
    fails_on_status,
    reports_status,
    success_verdicts,
)
from auditor.shell.words import evaluate
from auditor.unit import OPAQUE_WORD

# `"$@"`, `$@`, `"${@}"`, `"$*"`, `"${@:2}"`: the function's arguments as a command.
_FORWARDED = re.compile(r'^"?\$(?:[@*]|\{[@*](?::(\d+))?\})"?$')
_SHIFT = re.compile(r"^\d+$")
_SUCCEEDS = frozenset({"echo", "printf", "true", ":"})  # never fail where they end a body
_CLAUSES = frozenset({"elif_clause", "else_clause", "case_item"})
# the nodes whose status is their last statement's (a script's top level among them)
_SEQUENCES = frozenset(
    {"compound_statement", "subshell", "list", "case_item", "else_clause", "program"}
)


class FunctionSummary(NamedTuple):
    """What a call of one shell function does, as far as agents' statuses go."""

    name: str
    agent: AgentProfile | None  # the agent its body runs and whose status it passes on
    returns: Mapping[int, str]  # its own literal `return N`/`exit N` codes, described
    forwards: bool = False  # a pass-through wrapper: runs its arguments as a command
    # leading arguments it takes for itself (`local t=$1; shift`); None when a loop takes
    # them (`while …; do case $1 in --*) shift;; *) d=$1; shift; break;; esac; done`): the
    # command then starts at the first word that names a program
    skipped: int | None = 0
    # around the forwarded command in its body, or around the agent's run there
    wrappers: tuple[WrapperUse, ...] = ()
    # the agent its body runs when its own codes judge what the run printed (the agent's
    # status is thrown away): a call of it still fails, and errexit still ends the script
    verdict: AgentProfile | None = None
    # its codes report the run, and where it returns a failure it has acted on it first
    # (cleaned up, counted it, called a handler): a caller that drops its status loses
    # nothing of the agent's
    handles: bool = False
    # its codes report the run, and where it returns a failure it has told of it first (a
    # message, a log line): a caller that drops its status hides nothing, unless it runs
    # it again and again for ever
    tells: bool = False
    # its body ends returning a failure of its own (`return 1  # more work to do`): a
    # failed call need not be a failed run
    ends_failing: bool = False
    # the literal failure codes it returns only after the run succeeded, when it never
    # passes the run's own status on (`auditor.shell.verdict_codes`): verdicts, not failures
    verdicts: frozenset[int] = frozenset()
    # the global variables it leaves the agent's status in (`… || AGENT_EXIT_CODE=$?`),
    # and that agent: after a call, they hold the run's status for the caller to test
    stores: tuple[str, ...] = ()
    stored: AgentProfile | None = None


# Whether a command's status is the status of the statement that holds it (it is
# not a masked, non-final pipeline stage), and that statement.
StatementOf = Callable[[Node], tuple[Node, bool]]


def summarize_function(
    name: str,
    definition: Node,
    inside: Sequence[SimpleCommand],
    parsed: ShellText,
    statement_of: StatementOf,
    summaries: Mapping[str, FunctionSummary],
    held_codes: Mapping[int, tuple[int, ...]],
    leave: str = "return",
) -> FunctionSummary | None:
    """The summary of a function from the commands of its body, or None when a call of
    it neither runs an agent nor passes a forwarded command's status on. `held_codes`:
    the numbers a `return $ec` may return on some path, by the command's id. A script run
    as a program is summarised the same way from its top level (`definition` its
    `program` node), with `exit` passing its status on (`leave`)."""
    returns: dict[int, str] = {}
    returns_status = False
    for command in inside:
        if command.command_name not in ("return", "exit"):
            continue
        word = command.argv[1] if len(command.argv) > 1 else None
        node = command.word_nodes[1] if len(command.word_nodes) > 1 else None
        code = command.status_code
        if code is not None:
            returns[code] = f"`{command.command_name} {word}` in `{name}`"
        elif node is not None and command.command_name == leave:
            # `exit "$rc"` ends the script: its status is the script's, never the caller's.
            returns_status = returns_status or parsed.node_text(node).strip('"').startswith("$")
            for held in held_codes.get(command.node.id, ()):
                returns.setdefault(held, f"`return {parsed.node_text(node)}` in `{name}`")
    body = definition if definition.type == "program" else definition.child_by_field_name("body")

    def passes(command: SimpleCommand) -> bool:
        statement, status_kept = statement_of(command.node)
        ends = status_kept and body is not None and _ends(statement, body, leave)
        return returns_status or ends

    # The agents the body runs: those it names itself (a program its callers give, `"$@"`,
    # `$1`, is the agent of those calls only, as a pass-through wrapper's, below), and
    # those of the agent functions it calls (`run_iteration` calling `run_phase`).
    def agent_of(command: SimpleCommand) -> tuple[AgentProfile, tuple[WrapperUse, ...]] | None:
        if command.agent is not None:
            named = names_program(command, parsed)
            return (command.agent, command.wrappers) if named else None
        called = summaries.get(command.command_name or "")
        if called is None or called.agent is None or called.name == name:
            return None
        return called.agent, (*command.wrappers, *called.wrappers)

    runs = [(c, found) for c in inside if (found := agent_of(c)) is not None]
    stores, stored = _status_globals(runs, body, statement_of, parsed)
    passing = next((run for run in runs if passes(run[0])), None)
    # codes of its own that report the run: not when the run's status is thrown away
    # (`out=$(agent …) || true`, or lost in a pipeline: `verdict=$(agent … | grep -o
    # PASS)`, then `[ "$verdict" = PASS ] && return 0; return 1`): they report what it
    # printed
    reports = bool(runs) and reports_status(
        runs[0][0], inside, _ends_succeeding(runs[0][0], inside, body, statement_of, parsed)
    )
    verdict = None
    if reports:
        statement, kept = statement_of(runs[0][0].node)
        # a stage's status lost in its pipeline, unless the function reads `PIPESTATUS`
        kept = kept or (
            body is not None
            and any(
                n.type == "variable_name" and parsed.node_text(n) == "PIPESTATUS"
                for n in descendants(body)
            )
        )
        if discarded_by(statement) is not None or not kept:
            reports, verdict = False, runs[0][1][0]
    if passing is not None or reports:
        # the wrappers in front of the run it passes on add their codes (`timeout 600 …`)
        _, (agent, wrappers) = passing or runs[0]
        # it acts on a failure before it returns one, or every run it makes is a call of
        # a function that does: nothing of an agent's status reaches its callers unhandled
        handled = all(
            (called := summaries.get(c.command_name or "")) is not None and called.handles
            for c, _ in runs
        )
        first = runs[0][0]
        if passing is None:
            acts = acts_before_failing(first, inside, parsed)
            tells = acts_before_failing(first, inside, parsed, telling=True)
        else:  # `return $rc` after an `if` on it that records or logs a failure
            acts = acts_on_returned_status(first, inside, parsed)
            tells = acts_on_returned_status(first, inside, parsed, telling=True)
        handles = handled or acts
        ending = ends_failing(body, runs[0][0], inside, parsed)
        literal = passing is None and not returns_status
        verdicts = (
            success_verdicts(body, runs[0][0], inside, parsed)
            if literal and body is not None
            else frozenset()
        )
        return FunctionSummary(
            name,
            agent,
            returns,
            wrappers=wrappers,
            handles=handles,
            tells=tells,
            ends_failing=ending,
            verdicts=verdicts,
            stores=stores,
            stored=stored,
        )
    for command in inside:
        forwarded = _forwarded_from(command, parsed, summaries)
        # it passes the status of what it runs on, or reports it in codes of its own
        # (`"$@"` in a retry loop, then `return 0` or, once the retries are spent, 1)
        if forwarded is None or not (passes(command) or reports_status(command, inside)):
            continue
        skipped, wrappers = forwarded
        shifts = _shifts_before(command, inside)
        total = skipped + shifts if skipped is not None and shifts is not None else None
        return FunctionSummary(name, None, returns, True, total, wrappers)
    if verdict or stores:
        return FunctionSummary(name, None, returns, verdict=verdict, stores=stores, stored=stored)
    return None


def _status_globals(
    runs: Sequence[tuple[SimpleCommand, tuple[AgentProfile, tuple[WrapperUse, ...]]]],
    body: Node | None,
    statement_of: StatementOf,
    parsed: ShellText,
) -> tuple[tuple[str, ...], AgentProfile | None]:
    """The variables, not `local` to the function, that a run's status goes to: `agent ||
    rc=$?`, or `rc=$?` right after it, also where the run ends a group or an `&&` list
    whose status is its own (`… | (cd d && claude …) > out || AGENT_EXIT_CODE=$?`), or
    `rc=${PIPESTATUS[i]}` after a pipeline whose stage i it is; and the agent of the
    first run that does."""
    if not runs or body is None:
        return (), None
    declared = {
        parsed.node_text(n).split("=", 1)[0]
        for declaration in descendants(body)
        if declaration.type == "declaration_command"
        and parsed.node_text(declaration).startswith(("local", "declare", "typeset"))
        for n in declaration.named_children
        if n.type in ("variable_assignment", "variable_name", "word")
    }
    found: list[str] = []
    agent: AgentProfile | None = None
    for run, (profile, _) in runs:
        node = run.node
        before = len(found)
        for _ in range(16):  # the statements whose status is the run's, outwards
            node, kept = statement_of(node)
            parent = node.parent
            if not kept:  # a masked stage: `agent | tee log; RC=${PIPESTATUS[0]}`
                found += _pipestatus_kept(node, run.node, parsed)
                break
            if parent is None:
                break
            if parent.type == "list" and _operator_after(node) == "||":
                found += _assigned_status(node.next_named_sibling, parsed)
                break
            following = next_statement(node)
            if following is not None and following.type == "variable_assignment":
                found += _assigned_status(following, parsed)
            if not is_last_statement(node):
                break
            if parent.type in ("subshell", "compound_statement", "list"):
                node = parent
                continue
            break
        if agent is None and any(n not in declared for n in found[before:]):
            agent = profile
    return tuple(dict.fromkeys(n for n in found if n not in declared)), agent


def _operator_after(node: Node) -> str | None:
    following = node.next_sibling
    return following.type if following is not None else None


_PIPESTATUS_READ = re.compile(r'"?\$\{PIPESTATUS\[(\d+)\]\}"?')


def _pipestatus_kept(pipeline: Node, run: Node, parsed: ShellText) -> list[str]:
    """The name `NAME=${PIPESTATUS[i]}` right after a pipeline gives the status of its
    stage i, when that stage holds the run."""
    following = next_statement(pipeline)
    value = following.child_by_field_name("value") if following is not None else None
    name = following.child_by_field_name("name") if following is not None else None
    read = _PIPESTATUS_READ.fullmatch(parsed.node_text(value)) if value is not None else None
    if following is None or following.type != "variable_assignment" or not read or not name:
        return []
    stages = [c for c in pipeline.named_children if c.type != "comment"]
    index = int(read.group(1))
    held = (
        index < len(stages) and stages[index].start_byte <= run.start_byte < stages[index].end_byte
    )
    return [parsed.node_text(name)] if held else []


def _assigned_status(node: Node | None, parsed: ShellText) -> list[str]:
    """The name a `NAME=$?` assignment gives the status to."""
    if node is None or node.type != "variable_assignment":
        return []
    name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
    if name is None or value is None or parsed.node_text(value).strip('"') not in ("$?", "${?}"):
        return []
    return [parsed.node_text(name)]


_POSITIONAL = re.compile(r'^"?\$\{?[0-9@*]')  # `"$@"`, `$1`, `${2}`: what the caller passes


def names_program(command: SimpleCommand, parsed: ShellText) -> bool:
    """Whether the body names the command's program itself (`claude`, `"$CLAUDE_PATH"`
    set by the script), not its caller (`"$@"`, `$1`)."""
    nodes = command.word_nodes
    node = nodes[command.program_index] if command.program_index < len(nodes) else None
    if node is not None:
        return _POSITIONAL.match(parsed.node_text(node)) is None
    # a word written for several (`"${CMD[@]}"`, `"$@"`): the callers' if it is positional
    return not any(_POSITIONAL.match(parsed.node_text(word)) for word in command.node.children)


# The agent whose status a command returns by running a script of the project (its
# profile and how messages name the run), if it does (`auditor.shell.run_scripts`).
ScriptAgent = Callable[[SimpleCommand], tuple[AgentProfile, str, bool] | None]


# Programs that run a string of shell they are given: a wrapper forwarding to one is seen
# through, so the string is read.
_STRING_RUNNERS = frozenset({*SHELLS, "eval"})


def forwarded_command(
    command: SimpleCommand,
    summaries: Mapping[str, FunctionSummary],
    catalog: AgentCatalog,
    script_agent: ScriptAgent | None = None,
    *,
    strings: bool = False,
) -> SimpleCommand:
    """A call of a pass-through wrapper seen through it: `wrapper 600 claude -p …` runs
    `claude` inside the wrappers of the wrapper's body, and `retry 3 ./agent-once.sh` the
    agent of that script (`script_agent`) (the command itself otherwise). `strings`: also
    one that ends at a shell given a string (`tcmd 600 bash -c "…"`), for its string to
    be read (the call stays the command the script runs)."""
    if command.agent is not None:
        return command
    argv = command.argv
    index, wrappers = command.program_index, list(command.wrappers)
    for _ in range(len(summaries)):  # a wrapper may forward to another wrapper, never forever
        program = argv[index] if index < len(argv) else None
        summary = summaries.get(program or "")
        if summary is None or not summary.forwards:
            return command
        start = index + 1 + summary.skipped if summary.skipped is not None else -1
        if start < 0:  # (options taken in a loop: the first word that names a program)
            start = _first_program(argv, index + 1, summaries, catalog)
        inner, inner_wrappers = strip_wrappers(argv[start:], catalog)
        index = start + inner
        wrappers.extend(summary.wrappers)
        wrappers.extend(inner_wrappers)
        program = argv[index] if index < len(argv) else None
        agent = catalog.agent_run(program, argv[index + 1 :]) if program else None
        seen = command._replace(program_index=index, wrappers=tuple(wrappers), agent=agent)
        if agent is not None:
            return seen
        found = script_agent(seen) if script_agent is not None and program else None
        if found is not None:
            return seen._replace(agent=found[0], inner=found[1], interactive=found[2])
        called = summaries.get(program or "")  # a function that runs one (`retry invoke_llm`)
        if called is not None and called.agent is not None and not called.forwards:
            return seen._replace(agent=called.agent, wrappers=(*seen.wrappers, *called.wrappers))
        if strings and program in _STRING_RUNNERS:  # `tcmd 600 bash -c "cd $d && claude"`
            return seen
    return command


_EXPANSION = re.compile(r'"?\$')  # a word that is a parameter's value (`"$d"`, `${o[@]}`)
# The words a wrapper takes for itself: options and durations (`--kill-after=5s`, `600s`)
_OWN_WORD = re.compile(r"-|\d+(?:\.\d+)?[smhd]?$")
# The words of a call a pass-through wrapper that takes its options in a loop is searched
# for the program it runs
_OPTION_WORDS = 8


def _first_program(
    argv: Sequence[str | None],
    start: int,
    summaries: Mapping[str, FunctionSummary],
    catalog: AgentCatalog,
) -> int:
    """Where a command starts among a call's words from `start`: past the options and
    durations the wrapper takes for itself (`--kill-after=5s 600s codex exec …`:
    `codex`), at the first other word; past the end when that is unknown or none is
    found within a few words."""
    for index in range(start, min(len(argv), start + _OPTION_WORDS)):
        word = argv[index]
        if word is None:
            return len(argv)
        if not _OWN_WORD.match(word):
            return index
    return len(argv)


def _forwarded_from(
    command: SimpleCommand, parsed: ShellText, summaries: Mapping[str, FunctionSummary]
) -> tuple[int | None, tuple[WrapperUse, ...]] | None:
    """How many of its arguments a function drops before running them as this command
    (`"$@"` 0, `"${@:2}"` 1, `other_wrapper 60 "$@"` as `other_wrapper` skips), with
    the wrappers around them; None when the command does not run its arguments."""
    index = command.program_index
    for position, node in enumerate(command.word_nodes):
        match = _FORWARDED.match(parsed.node_text(node)) if node is not None else None
        if match is None:
            continue
        offset = max(0, (bounded_int(match.group(1)) or 1) - 1) if match.group(1) else 0
        if position == index:
            return offset, command.wrappers
        inner = summaries.get(command.argv[index] or "") if index < len(command.argv) else None
        if inner is None and command.wrappers and index < position:
            # `timeout "${opts[@]}" "$duration" "$@"`: expansions between a wrapper and
            # the arguments are the wrapper's own words (its options, its duration)
            between = range(index, position)
            if all(_own_expansion(command, parsed, at) for at in between):
                return offset, command.wrappers
        if inner is None or not inner.forwards:
            return None
        if inner.skipped is None:  # (where it starts is decided at each call)
            between = range(index + 1, position)
            if all(_own_expansion(command, parsed, at, literal=True) for at in between):
                return None, command.wrappers + inner.wrappers
            return None
        target = index + 1 + inner.skipped
        if position <= target:
            return offset + target - position, command.wrappers + inner.wrappers
        return None
    return None


def _own_expansion(
    command: SimpleCommand, parsed: ShellText, at: int, *, literal: bool = False
) -> bool:
    """Whether word `at` of a command can be one of its wrapper's own words: an expansion
    of a value unknown here or an option (`"${opts[@]}"`, `"$duration"`), or, `literal`,
    an option or a duration as written (`--kill-after=5s`, `600s`); a value that names a
    program (`$REVIEWER` set to `./bin/review.sh`) is not."""
    node = command.word_nodes[at] if at < len(command.word_nodes) else None
    if node is None:
        return False
    value = command.argv[at] if at < len(command.argv) else None
    own = value is None or bool(_OWN_WORD.match(value))
    return own if literal else own and bool(_EXPANSION.match(parsed.node_text(node)))


def _shifts_before(command: SimpleCommand, inside: Sequence[SimpleCommand]) -> int | None:
    """The arguments `shift`/`shift N` drop before `command` in the same body; None when
    a loop that does not hold the command shifts (as many as it takes options)."""
    count = 0
    for earlier in inside:
        if earlier.node.start_byte >= command.node.start_byte:
            break
        if earlier.command_name != "shift":
            continue
        loop = enclosing_loop(earlier.node)
        if loop is not None and not within(command.node, loop):
            return None
        word = earlier.argv[1] if len(earlier.argv) > 1 else "1"
        shifted = bounded_int(word) if word and _SHIFT.match(word) else None
        count += shifted if shifted is not None else 1
    return count


def enclosing_function(node: Node, parsed: ShellText) -> str | None:
    """The name of the innermost function whose body holds `node`, if any."""
    holder = enclosing_definition(node)
    name = holder.child_by_field_name("name") if holder is not None else None
    return parsed.node_text(name) if name is not None else None


def reachable_functions(
    commands: Sequence[SimpleCommand],
    functions: Mapping[str, Node],
    parsed: ShellText,
    outside: Iterable[str] = (),
) -> frozenset[str]:
    """The functions a script can run: named by a command (or an argument, as a callback:
    `trap f EXIT`, `retry 3 f`) outside any function, or in a function it can run, or
    called by the scripts that source it (`outside`)."""
    named: dict[str | None, set[str]] = {}  # enclosing function -> functions it names
    for command in commands:
        words = {word for word in command.argv if word is not None and word in functions}
        if words:
            named.setdefault(enclosing_function(command.node, parsed), set()).update(words)
    reached: set[str] = set()
    work = [*named.get(None, ()), *outside]
    while work:
        name = work.pop()
        if name not in reached:
            reached.add(name)
            work.extend(named.get(name, ()))
    return frozenset(reached)


def _ends_succeeding(
    run: SimpleCommand,
    inside: Sequence[SimpleCommand],
    body: Node | None,
    statement_of: StatementOf,
    parsed: ShellText,
) -> bool:
    """Whether `body` can end after `run` on a command that always succeeds, its last
    statement (`echo done`, `printf '%s\\n' "$out"`, `true`): the call returns 0 there,
    where the failures it returns are those of the run (`fails_on_status`)."""
    if body is None:
        return False
    ends = any(
        command.command_name in _SUCCEEDS
        and command.node.start_byte >= run.node.end_byte
        and (held := statement_of(command.node))[1]
        and _ends(held[0], body, "return")
        for command in inside
    )
    return ends and fails_on_status(run, inside, body, parsed)  # (a text scan: last)


def _ends(statement: Node, body: Node, leave: str) -> bool:
    """Whether the status of `statement` is the status `body` ends with: it is the last
    statement there, or of a group, a branch of an `if`/`case`, the last operand of a
    `&&`/`||` list, or the `$(…)` of a `NAME=$(…)` that is, all the way up to `body`
    (`out=$(agent) || true` then `grep …` passes nothing on)."""
    node = statement
    while node.id != body.id:
        if bare_leave(node) == leave:
            return True  # `"${cmd[@]}"; return`: the function returns its status there
        parent = node.parent
        if parent is None:
            return False
        kind = parent.type
        if kind in ("redirected_statement", "pipeline"):
            pass  # the pipeline's own status is `statement_of`'s question
        elif kind in _SEQUENCES:
            if _statements(parent)[-1:] != [node]:
                return False
        elif kind in ("if_statement", "case_statement") and node.type in _CLAUSES:
            pass
        elif kind in ("if_statement", "elif_clause"):
            then = next((c for c in parent.children if c.type == "then"), None)
            branch = [c for c in _statements(parent) if c.type not in _CLAUSES]
            if then is None or node.start_byte < then.start_byte or branch[-1:] != [node]:
                return False
        elif kind == "command_substitution":
            if _statements(parent)[-1:] != [node]:
                return False
            holder = substitution_assignment(parent)
            if holder is None:
                return False  # not `NAME=$(…)`; `local x=$(…)` returns the status of `local`
            parent = holder
        elif parent.id != body.id:
            return False  # a loop, `!`, a test: the status is not passed on as it is
        node = parent
    return True


def _statements(node: Node) -> list[Node]:
    return [c for c in node.named_children if c.type not in ("comment", "heredoc_body")]


def printed_words(definition: Node, commands: Iterable[SimpleCommand]) -> tuple[str, ...]:
    """The words a function may print as its output, when they are known: each one word
    its `echo`s or `printf '%s\\n'`s print that the model knows (`find_agent() { …; echo
    "claude"; }`, or one per arm of a `case`), or the program a lookup in it prints the
    path of (`command -v codex`, `which codex`), so `$(find_agent)` holds one of them. An
    `echo` whose output is redirected, piped, captured or in a function it defines prints
    elsewhere."""
    found: dict[str, None] = {}
    for command in commands:
        looks_up = command.command_name == "which" or (
            command.command_name == "command" and "-v" in command.argv[1:2]
        )
        formatted = command.command_name == "printf" and command.argv[1:2] in _PLAIN_FORMATS
        if command.command_name != "echo" and not looks_up and not formatted:
            continue
        if not prints_out(command.node, definition):
            continue
        given = command.argv[2:] if formatted else command.argv[1:]
        words = [w for w in given if not (w or "").startswith("-")]
        if len(words) == 1 and words[0]:
            found[words[0]] = None  # (a lookup prints the path of the program it names)
        elif len(given) == 1 and not formatted and not looks_up:
            line = _known_head(command.word_nodes[1])
            found.update({line: None} if line else {})
    return tuple(found)[:_MAX_PRINTED]


def _known_head(word: Node | None) -> str | None:
    """The text of an `echo`'s one word known only in part, spelled with `OPAQUE_WORD`
    for the parts the run decides, when its first word is known (`echo "claude -p
    $(printf %q "$1")"` prints a `claude` command line whose prompt the run gives)."""
    spelled = evaluate(word, {}, OPAQUE_WORD) if word is not None else None
    words = spelled.split() if spelled else []
    known = len(words) > 1 and OPAQUE_WORD not in words[0]
    return spelled if known else None


_MAX_PRINTED = 8  # the words a function's output is known to be one of, at most
# `printf '%s\n' WORD` prints WORD as `echo WORD` does.
_PLAIN_FORMATS = (("%s",), ("%s\\n",))


# Where a command's output goes somewhere other than the function's own output.
_ELSEWHERE = frozenset(
    {"command_substitution", "process_substitution", "pipeline", "function_definition"}
)


def prints_out(node: Node, definition: Node) -> bool:
    """Whether a command of a function's body writes to the function's own output."""
    current = node.parent
    while current is not None and current.id != definition.id:
        if current.type in _ELSEWHERE or (
            current.type == "redirected_statement" and _output_redirected(current)
        ):
            return False
        current = current.parent
    return True


def _output_redirected(statement: Node) -> bool:
    """Whether a redirection sends a statement's standard output elsewhere (`> f`,
    `>&2`, `&> f`; not `2> /dev/null`)."""
    redirects = [c for c in statement.named_children if "redirect" in c.type]
    texts = [" ".join((c.text or b"").decode("utf-8", "replace").split()) for c in redirects]
    return any(not text.startswith("2") for text in texts)
