"""Which functions of the tree run the agent, by the call graph: one that starts a
process with an agent's argv (`cmd = self.build_command(…)`, then `Popen(cmd)`), that
hands one to a function launching its parameter (`self._run(cmd)`), or that calls such a
function (through an override, a registry's abstract base, a closure): the launchers a
module's own summary cannot see, found once per run by a worklist over the callers.

Each comes with where its returned value says how the run went, as the summaries'
`returns` write it (`success@0`: item 0 of the tuple it returns), followed through the
calls whose result it returns (`success, out = backend.run(…)`, `return success, out`).
"""

from __future__ import annotations

import functools
from collections import deque
from typing import Any, NamedTuple

from auditor.profiles import SessionWords, program_name, reads_only
from auditor.project import RAISES
from auditor.python.model.call_graph import AGENT_OBJECT, ARGV_SEPARATOR, CallGraph
from auditor.python.model.graph_questions import names_agent, runs_agent

_MAX_DEPTH = 8  # calls followed for what a launcher's returned value says
_OR_NONE = "or-none"  # see `_own`


class GraphLauncher(NamedTuple):
    """A function of the tree that runs the agent, and how."""

    line: int  # the call in its body that runs it (1-based)
    column: int  # (0-based)
    returns: str | None  # where its returned value says how the run went (or None)
    # it runs an agent object a library made (`agent.stream(…)`), not a process; and
    # whether every such agent resumes from a checkpointer (see `agent_runs_at`)
    agent_object: bool = False
    resumes: bool = False


class GraphLaunchers:
    """The launchers of one call graph (see the module's docstring)."""

    def __init__(
        self,
        graph: CallGraph,
        process_calls: frozenset[str],
        agents: frozenset[str],
        read_only: frozenset[tuple[str, tuple[tuple[str, ...], ...]]] = frozenset(),
        sessions: frozenset[tuple[str, SessionWords]] = frozenset(),
        steps: frozenset[str] = frozenset(),
        agent_runs: frozenset[str] = frozenset(),
    ) -> None:
        """`read_only`: each agent command with the options that let it change nothing
        (`aider`, `--chat-mode ask`): a run in such a mode is no launch of a step; nor is
        one of the subcommands `sessions` say start no session (`opencode serve`).
        `steps`: the functions that run an agent step (an Agent SDK `query`), run too where
        an instance keeps one (`self.query(…)`). `agent_runs`: the methods that run an agent
        object a library makes (`graph.stream(…)` on a `create_react_agent(…)`'s)."""
        self.graph, self.process_calls, self.agents = graph, process_calls, agents
        self.steps, self.agent_runs = steps, agent_runs
        self.read_only, self.sessions = read_only, dict(sessions)
        self.found: dict[str, tuple[int, int]] = {}  # function -> the call that runs it
        # the functions found only for runs of agent objects -> whether they all resume
        self.objects: dict[str, bool] = {}
        # a call of a parameter its callers give a process call, with an agent's argv
        # forwarded through `*args` (`func(*args)`, given `subprocess.run, ["claude", …]`),
        # or a step function (`Runner.run`, an Agents SDK run with its tools): (function,
        # line, column) -> the first such caller (path, line, column, a step's name or "")
        self.given: dict[tuple[str, int, int], tuple[str, int, int, str]] = {}
        # a run of an agent object (`agent.stream(…)`, the agent a caller made and passed
        # on): (function, line, column) -> where it is made (path, line, column) and
        # whether every agent it may be resumes from a checkpointer
        self.agent_runs_at: dict[tuple[str, int, int], tuple[str, int, int, bool]] = {}
        self._returns: dict[str, str | None] = {}
        pending: deque[str] = deque()
        for fid, function in graph.functions.items():
            for number, call in enumerate(function.facts.get("calls", ())):
                made = self._agent_run(fid, call)
                if made is not None:
                    self.agent_runs_at[(fid, call.line, call.column)] = made
                    if fid not in self.found:
                        self.found[fid] = (call.line, call.column)
                        self.objects[fid] = made[3]
                        pending.append(fid)
                if fid not in self.found and self._launches(fid, number, call):
                    self.found[fid] = (call.line, call.column)
                    pending.append(fid)
            summary = graph.summaries[function.module]
            if fid not in self.found and function.qualname in summary.launchers:
                self.found[fid] = summary.launchers[function.qualname]
                pending.append(fid)
        while pending:
            callee = pending.popleft()
            for caller, number in graph.callers(callee):
                if caller not in self.found:
                    call = graph.functions[caller].facts["calls"][number]
                    self.found[caller] = (call.line, call.column)
                    if callee in self.objects:
                        self.objects[caller] = self.objects[callee]
                    pending.append(caller)

    def get(self, fid: str) -> GraphLauncher | None:
        """The launcher `fid` is, if it is one."""
        at = self.found.get(fid)
        if at is None:
            return None
        resumes = self.objects.get(fid)
        return GraphLauncher(*at, self.returns(fid), resumes is not None, bool(resumes))

    def _launches(self, fid: str, number: int, call: Any) -> bool:
        """Whether call `number` of `fid` starts an agent: a process call given an agent's
        argv, or a call of a function that launches its parameter, given one there (a
        parameter of `fid` itself is what its callers give it: not judged here)."""
        callee = call.callee
        if callee and callee[0] == "name" and callee[1] in self.process_calls:
            given = [r for i, r in call.args if i == 0]
            given += [r for k, r in call.details.keywords if k == "args"]
            if callee[1].endswith("_exec"):  # `create_subprocess_exec(program, *args)`
                return self._agent_program(fid, given)
            return self._agent_argv(fid, given)
        if callee and callee[0] == "self" and self._keeps_step(fid, callee[1]):
            return True
        if callee and callee[0] == "value" and call.details.star == 0:
            caller = self._given_process(fid, callee[1])
            if caller is not None:
                self.given[(fid, call.line, call.column)] = caller
                return True
        for target in self.graph.callees(fid, number):
            function = self.graph.functions[target]
            summary = self.graph.summaries[function.module]
            parameter = summary.launch_parameters.get(function.qualname)
            if parameter is None:
                continue
            given = [r for i, r in call.args if i - call.details.shift == parameter.position]
            given += [r for k, r in call.details.keywords if k == parameter.name]
            if self._agent_argv(fid, given):
                return True
        return False

    def _agent_run(self, fid: str, call: Any) -> tuple[str, int, int, bool] | None:
        """For a call that runs an agent object a library made (`agent.invoke(…)`, where
        the receiver's values hold one): where the first such agent is made, and whether
        every one resumes from a checkpointer; else None."""
        callee = call.callee
        if callee and callee[0] == "name":  # `shipper.invoke(…)` on a module's global
            held, _, method = callee[1].rpartition(".")
            refs: tuple[Any, ...] = (("global", held),) if held else ()
        elif callee and callee[0] == "method":
            refs, method = callee[1], callee[2]
        else:
            return None
        if method not in self.agent_runs:
            return None
        made = sorted(
            t for ref in refs for t in self.graph.evaluate(fid, ref) if t[1] == AGENT_OBJECT
        )
        if not made:
            return None
        path, _, site = made[0][0].rpartition("@")
        line, _, column = site.partition(":")
        return path, int(line), int(column), all(token[2] for token in made)

    def agent_made(self, fid: str, line: int, column: int) -> tuple[str, int, int, bool] | None:
        """For a call of `fid` at (line, column, 0-based) that runs an agent object, where
        it is made and whether it resumes from a checkpointer (see `agent_runs_at`)."""
        return self.agent_runs_at.get((fid, line, column))

    def _keeps_step(self, fid: str, attribute: str) -> bool:
        """Whether the instance `fid` runs on keeps a step function in `self.ATTR`."""
        stored = self.graph.stored_names(fid, attribute) if self._steps_named else []
        return any(name in self.steps for name in stored)

    @functools.cached_property
    def _steps_named(self) -> bool:
        """Whether some function of the tree names a step function as a value (stores it,
        or passes it): else no instance keeps one."""
        if not self.steps:
            return False
        for function in self.graph.functions.values():
            facts = function.facts
            refs = [tuple(ref) for _, *ref in facts.get("stores", ())]
            for call in facts.get("calls", ()):
                refs += [r for _, r in (*call.args, *call.details.keywords)]
            if any(r and r[0] == "global" and r[1] in self.steps for r in refs):
                return True
        return False

    def _given_process(self, fid: str, refs: Any) -> tuple[str, int, int, str] | None:
        """For a call `f(*args)` in `fid` of a callable value (a parameter of `fid`, or of
        the function it is defined in, whose `*args` it forwards): the first call of that
        function that gives the parameter a process call and its `*args` an agent's argv
        first (`resilient_call(subprocess.run, ["claude", …])`), or a step function
        (`with_backoff(Runner.run, agent, items)`), as (path, line, column, the step's
        name or "" for a process)."""
        module = self.graph.functions[fid].module
        holder = self.graph.varargs_holder(fid)
        stepped: tuple[str, int, int, str] | None = None  # the first caller handing a step
        for ref in refs:
            if ref and ref[0] == "outer":  # `("outer", QUALNAME, HELD)`: the enclosing's
                owner, held = f"{module}.{ref[1]}", ref[2]
            else:
                owner, held = fid, (ref,)
            if owner != holder:
                continue
            first = self.graph.positional(holder)  # where the caller's `*args` start
            for parameter in (r[1] for r in held if r and r[0] == "param"):
                for caller, number in self.graph.callers(holder):
                    call = self.graph.functions[caller].facts["calls"][number]
                    given = self.graph.passed(holder, call, parameter)
                    argv = [r for i, r in call.args if i - call.details.shift == first]
                    named = [r[1] for r in given if r and r[0] == "global"]
                    process = any(name in self.process_calls for name in named)
                    step = next((name for name in named if name in self.steps), "")
                    path = self.graph.summaries[self.graph.functions[caller].module].path
                    if process and self._agent_argv(caller, argv):
                        return path, call.line, call.column, ""
                    stepped = stepped or ((path, call.line, call.column, step) if step else None)
        return stepped  # (a process call first: a retry helper's loop re-runs it)

    def site(self, fid: str, line: int, column: int) -> tuple[str, int, int, str] | None:
        """For a call of `fid` at (line, column, 0-based) that runs the process call or
        step function its callers give it (see `given`), where the first of them gives
        it, and the step's name ("" for a process call)."""
        return self.given.get((fid, line, column))

    def _agent_argv(self, fid: str, refs: list[Any]) -> bool:
        tokens = [
            t
            for t in self._values(fid, refs)
            if not self._reads_only(t) and not self._starts_no_session(t)
        ]
        return runs_agent(tokens, self.agents)

    def _starts_no_session(self, token: Any) -> bool:
        """Whether an argv value runs a subcommand of its agent that starts no session
        (`[opencode_bin, "serve", …]`: a server)."""
        if token[1] != "argv" or not self.sessions:
            return False
        words = str(token[2]).split(ARGV_SEPARATOR)
        return any(
            sessions.starts_none(words[index + 1 :])
            for index, program in enumerate(words)
            if (sessions := self.sessions.get(program_name(program))) is not None
        )

    def _reads_only(self, token: Any) -> bool:
        """Whether an argv value runs its agent in a mode that changes nothing (`aider
        --chat-mode ask …`)."""
        if token[1] != "argv" or not self.read_only:
            return False
        words = str(token[2]).split(ARGV_SEPARATOR)
        return any(
            program_name(word) == command and reads_only(words[index + 1 :], options)
            for index, word in enumerate(words)
            for command, options in self.read_only
        )

    def _agent_program(self, fid: str, refs: list[Any]) -> bool:
        """Whether the values name an agent's program (or hold an argv that starts one)."""
        tokens = {t for t in self._values(fid, refs) if not self._starts_no_session(t)}
        return names_agent(tokens, self.agents) or runs_agent(tokens, self.agents)

    def _values(self, fid: str, refs: list[Any]) -> set[Any]:
        """What references of `fid` hold (a parameter of `fid` itself: what its callers give
        it, judged at their calls, not here)."""
        return {t for r in refs if r and r[0] != "param" for t in self.graph.evaluate(fid, r)}

    def returns(self, fid: str, depth: int = 0) -> str | None:
        """Where what `fid` returns says how its run went: its summary's word, else the
        word of a launcher whose result it returns, moved to the item it returns it as."""
        if fid in self._returns:
            return self._returns[fid]
        own = self._own(fid)
        if (own is not None and own != _OR_NONE) or depth >= _MAX_DEPTH:
            return own
        self._returns[fid] = None  # a call that returns what calls it: followed once
        found: str | None = None
        for item, taken, callee in self._returned_results(fid):
            word = self.returns(callee, depth + 1)
            if own == _OR_NONE:  # the call's value, or None where it raised
                word = "success" if word == RAISES or word == "success" else None
            found = found or _moved(word, taken, item)
        found = found or self._built(fid, depth) or self._verdict(fid, depth)
        self._returns[fid] = found
        return found

    def _verdict(self, fid: str, depth: int) -> str | None:
        """What `fid` returns about a run when a call it makes returns the run's exit
        status, which its module could not tell (`PythonSummary.status_verdicts`: `rc =
        run_exec(p)`, `if rc != 0: return None`, where `run_exec` of another module
        returns its run's `returncode`)."""
        function = self.graph.functions[fid]
        verdict = self.graph.summaries[function.module].status_verdicts.get(function.qualname)
        if verdict is None:
            return None
        line, column, word, assumed = verdict
        for number, call in enumerate(function.facts.get("calls", ())):
            if (call.line, call.column) == (line, column) and any(
                self.returns(callee, depth + 1) == assumed
                for callee in self.graph.callees(fid, number)
            ):
                return word
        return None

    def _built(self, fid: str, depth: int) -> str | None:
        """What `fid` returns about a run when it returns the result object a function
        builds from the run's exit status it is given (`return invoker.parse_output(out,
        err, code)`, where `code` is what a call returns as its status): what that
        object records (`FunctionFacts._builds`)."""
        calls = self.graph.functions[fid].facts["calls"]
        for item, *ref in self.graph.functions[fid].facts.get("returns", ()):
            if not ref or ref[0] != "result":
                continue
            for builder in self.graph.callees(fid, ref[1]):
                for parameter, word in (
                    self.graph.functions[builder].facts.get("builds", {}).items()
                ):
                    given = self.graph.passed(builder, calls[ref[1]], parameter)
                    if any(self._status(fid, r, depth) for r in given):
                        return _moved(word, ref[2], item)
        return None

    def _status(self, fid: str, ref: Any, depth: int) -> bool:
        """Whether a reference of `fid` is a run's exit status: the value (or the item of
        it) that a call it makes returns as one (`rc = proc.wait()`, `out, err, code =
        run(…)` of a function returning `status@2`)."""
        if not ref or ref[0] != "result" or depth >= _MAX_DEPTH:
            return False
        wanted = "status" if ref[2] == -1 else f"status@{ref[2]}"
        return any(
            self.returns(callee, depth + 1) == wanted for callee in self.graph.callees(fid, ref[1])
        )

    def _own(self, fid: str) -> str | None:
        """What the summary of `fid`'s module says it returns, else `_OR_NONE` when its
        facts say it returns a call's value or None (`or_none`)."""
        function = self.graph.functions[fid]
        own = self.graph.summaries[function.module].returns.get(function.qualname)
        return _OR_NONE if own is None and function.facts.get("or_none") else own

    def _returned_results(self, fid: str) -> list[tuple[int, int, str]]:
        """The launchers whose result `fid` returns: (the item it returns it as, the item
        of the result it takes, the launcher), -1 for a whole value. A function that
        launches what it is given is one where `fid` launches the agent through it
        (`raw = await self._execute(self.build_command(p))`, then `return raw`)."""
        found: list[tuple[int, int, str]] = []
        for item, *ref in self.graph.functions[fid].facts.get("returns", ()):
            if ref and ref[0] == "result":
                found += [
                    (item, ref[2], c)
                    for c in self.graph.callees(fid, ref[1])
                    if c in self.found or (fid in self.found and self._launches_given(c))
                ]
        return found

    def _launches_given(self, fid: str) -> bool:
        """Whether `fid` launches what a parameter of it is given."""
        function = self.graph.functions[fid]
        return function.qualname in self.graph.summaries[function.module].launch_parameters


def _moved(returns: str | None, taken: int, item: int) -> str | None:
    """A callee's `returns` word for a value taken from its result (`taken`: the item, -1
    the whole) and returned as item `item` (-1: the whole value)."""
    if returns is None or returns == RAISES:
        return returns  # a value of a run that raises when it fails: so does this one
    if returns.startswith("field:"):  # a result object: passed on whole, or not read
        return returns if taken == -1 and item == -1 else None
    word, _, at = returns.partition("@")
    if word not in ("success", "status"):
        return None
    held = int(at) if at else -1  # where the callee's result holds it
    if taken != -1 and taken != held:
        return None
    if taken == -1 and item != -1:
        return None  # the whole result as one item of a tuple: not a form the rules read
    where = item if taken != -1 else held
    return word if where == -1 else f"{word}@{where}"


# process calls, agents' names, their read-only options and session words, step functions
_Catalogue = tuple[
    frozenset[str],
    frozenset[str],
    frozenset[tuple[str, tuple[tuple[str, ...], ...]]],
    frozenset[tuple[str, SessionWords]],
    frozenset[str],
    frozenset[str],
]
_HELD: dict[int, tuple[CallGraph, dict[_Catalogue, GraphLaunchers]]] = {}


def graph_launchers(
    graph: CallGraph,
    process_calls: frozenset[str],
    agents: frozenset[str],
    read_only: frozenset[tuple[str, tuple[tuple[str, ...], ...]]] = frozenset(),
    sessions: frozenset[tuple[str, SessionWords]] = frozenset(),
    steps: frozenset[str] = frozenset(),
    agent_runs: frozenset[str] = frozenset(),
) -> GraphLaunchers:
    """The launchers of a call graph, found once per graph and catalogue."""
    held = _HELD.get(id(graph))
    if held is None or held[0] is not graph:
        _HELD.clear()
        held = _HELD[id(graph)] = (graph, {})
    table = held[1]
    key = (process_calls, agents, read_only, sessions, steps, agent_runs)
    if key not in table:
        table[key] = GraphLaunchers(
            graph, process_calls, agents, read_only, sessions, steps, agent_runs
        )
    return table[key]
