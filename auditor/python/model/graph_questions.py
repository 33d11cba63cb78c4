"""What the prefilters and the launch resolvers ask of the project call graph: which
modules are handed an agent's argv or may run an agent step (asked once per run, before
the workers fork), and whether a function's parameter is given an agent's argv."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from auditor.profiles import program_name
from auditor.python.model.call_graph import ARGV_SEPARATOR, CallGraph, Token, calls_parameter


def runs_agent(tokens: Iterable[Token], agents: frozenset[str]) -> bool:
    """Whether the values hold an argv that starts an agent."""
    return any(
        site == "command"  # a command string that starts one (judged when indexed)
        or (
            site == "argv"
            and any(program_name(w) in agents for w in str(words).split(ARGV_SEPARATOR))
        )
        for _, site, words in tokens
    )


def names_agent(tokens: Iterable[Token], agents: frozenset[str]) -> bool:
    """Whether the values hold the name of an agent's program (`"codex"`)."""
    return any(site == "text" and program_name(str(name)) in agents for _, site, name in tokens)


def parameter_runs_agent(
    graph: CallGraph, fid: str, name: str, agents: frozenset[str], *, program: bool = False
) -> bool:
    """Whether a caller gives parameter `name` of function `fid` an agent's argv (or,
    with `program`, the name of an agent's program, for `[exe, …]`)."""
    tokens = graph.values.get(("P", fid, name), set())
    return runs_agent(tokens, agents) or (program and names_agent(tokens, agents))


def agent_argv_paths(graph: CallGraph, agents: frozenset[str]) -> frozenset[str]:
    """Paths of the modules whose functions pass or receive an argv that starts an
    agent (a word, after wrappers, whose basename is one of `agents`), or an agent's
    program name where a launch takes it as its program: they may launch one without
    naming it (`Process.run(argv)` given a builder's `["claude", …]`); and of the
    modules that call a parameter their callers give a launcher of the tree
    (`with_retries(fn, …)` running `fn(*args)`, given `run_claude`); and of the modules
    that call a launcher of another module that returns how its run went
    (`PythonSummary.status_agents`: `self.runner.run(task)` may drop it)."""
    programs = {  # functions whose parameter is the program of an argv they launch
        f"{module}.{qualname}": parameter.name
        for module, summary in graph.summaries.items()
        for qualname, parameter in summary.launch_parameters.items()
        if parameter.form == "program"
    }
    found: set[str] = set()
    for key, tokens in graph.values.items():
        if key[0] != "P":
            continue
        named = programs.get(key[1]) == key[2] and names_agent(tokens, agents)
        if named or runs_agent(tokens, agents):
            found.add(graph.summaries[graph.functions[key[1]].module].path)
    returning = {  # launchers that return how their run went
        f"{module}.{qualname}"
        for module, summary in graph.summaries.items()
        for qualname in summary.status_agents
    }
    for fid, function in graph.functions.items():
        path = graph.summaries[function.module].path
        if path in found:
            continue
        for number, call in enumerate(function.facts.get("calls", ())):
            callees = graph.callees(fid, number)
            if returning and any(c in returning for c in callees):
                found.add(path)
                break
            refs = [ref for _, ref in (*call.args, *call.details.keywords)]
            tokens = {t for r in refs for t in graph.evaluate(fid, r)}
            launching = any(c in programs for c in callees)
            if runs_agent(tokens, agents) or (launching and names_agent(tokens, agents)):
                found.add(path)
                break
            if calls_parameter(call.callee) and any(
                _launcher(graph, c) for c in graph.callees(fid, number)
            ):
                found.add(path)
                break
    return frozenset(found)


def step_calling_paths(
    graph: CallGraph, functions: frozenset[str], launchers: Iterable[str] = ()
) -> tuple[frozenset[str], frozenset[str]]:
    """(the paths of the modules whose every function has facts; of those, the paths
    of the modules that may run an agent step): a module that defines a launcher
    (a function of the tree that launches the agent or runs a step: its summary's, or
    one the graph found, `launchers`), or has a call of a step callable of the
    catalogue (`functions`, by qualified name) or of a launcher (through its imports,
    an override, a value, a parameter its callers give one)."""
    known = {s.path for s in graph.summaries.values() if s.graph.get("complete") is True}
    calling = {s.path for s in graph.summaries.values() if s.path in known and s.launchers}
    found = frozenset(launchers)
    calling |= {graph.summaries[graph.functions[fid].module].path for fid in found}
    for fid, function in graph.functions.items():
        path = graph.summaries[function.module].path
        if path in calling or path not in known:
            continue
        for number, call in enumerate(function.facts.get("calls", ())):
            callee = call.callee
            named = bool(callee) and callee[0] == "name" and callee[1] in functions
            # or one passed on by name, to be run by what it is given to
            passed = (ref for _, ref in (*call.args, *call.details.keywords))
            named = named or any(_names_step(graph, ref, functions) for ref in passed)
            if named or any(c in found or _launcher(graph, c) for c in graph.callees(fid, number)):
                calling.add(path)
                break
    return frozenset(known), frozenset(calling)


def _names_step(graph: CallGraph, ref: Any, functions: frozenset[str]) -> bool:
    """Whether a value reference names a step callable or a launcher of the tree."""
    if not ref or ref[0] != "global":
        return False
    name = graph.global_key(ref[1])
    return ref[1] in functions or (name in graph.functions and _launcher(graph, name))


def _launcher(graph: CallGraph, fid: str) -> bool:
    """Whether a function of the tree launches the agent (its module's summary says)."""
    function = graph.functions[fid]
    return function.qualname in graph.summaries[function.module].launchers


def class_factory_paths(graph: CallGraph, client_class: Callable[[str], bool]) -> frozenset[str]:
    """Paths of the modules that call a parameter as a class (`client_class(max_retries=3)`,
    their facts' `class_calls`) that a caller of the tree gives a class `client_class`
    accepts (an SDK client's: `make_client(client_class=AsyncAnthropic)`)."""
    return frozenset(
        summary.path
        for module, summary in graph.summaries.items()
        for qualname, parameter in summary.graph.get("class_calls", ())
        if any(map(client_class, graph.given_names(f"{module}.{qualname}", parameter)))
    )
