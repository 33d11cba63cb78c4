"""Agent steps in Python: what runs one, and which calls of a module do.

A step is a call that runs an agent step or executes tools (`gptme.chat.step`,
`ToolUse.execute`, `gptme.tools.execute_msg`, from `rules/data/steps.toml` and
config), an agent process launch, or a call of a function of the audited tree
whose body does one of these (a *launcher*, such as `execute_gptme`), in this
module or, through the project index, in another. The data part reads no
parsed module, so the pre-pass (auditor/python/runner/summary.py) can read it;
`auditor.python.runner.step_calls` walks a parsed module.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from auditor.exit_codes import intents_in
from auditor.finding import RelatedLocation
from auditor.profiles import AgentCatalog, AgentProfile
from auditor.python.model.ast_values import dotted_name, module_statements
from rules import builtin_data

if TYPE_CHECKING:
    from auditor.python.model.module import PythonModule
    from auditor.python.runner.retry_types import SuccessFlag

# Calls that start a process, and those among them whose value (or `.returncode`) is a status.
# anyio's `open_process` gives a process (`returncode`, `wait()`); its `run_process` raises
# on a failure unless `check=False` is passed, as `check_call` does.
PROCESS_CALLS = frozenset(
    {f"subprocess.{n}" for n in ("run", "call", "check_call", "check_output", "Popen")}
    | {"os.system", "asyncio.create_subprocess_exec", "asyncio.create_subprocess_shell"}
    | {"asyncio.subprocess.create_subprocess_exec", "asyncio.subprocess.create_subprocess_shell"}
    | {"anyio.open_process", "anyio.run_process"}
)
CHECKED_CALLS = frozenset({"subprocess.check_call", "subprocess.check_output", "anyio.run_process"})
_CHECK_ON_BY_DEFAULT = frozenset({"anyio.run_process"})  # `check=False` turns it off


# How taking a tool from a registry by a name reads (`self.tools[name]`,
# `TOOL_MAP.get(call.name)`, `registry.get_tool(step.tool)`, a search `for t in tools`),
# for prefilters: a subscript or `get` of a name holding "tool" whose key is not a literal
_TOOL_LOOKUP = re.compile(
    r"(?i:tool)\w*(?:\[|\.get\()(?!\s*['\"])|get_tool\(|\bfor\s+\w+\s+in\s+[\w.]*(?i:tool)\w*"
)


def may_look_up_tool(text: str) -> bool:
    """Whether a text may take a tool from a registry by a name (`runs_tool`)."""
    named = "tool" in text or "Tool" in text or "TOOL" in text  # (before the pattern)
    return named and _TOOL_LOOKUP.search(text) is not None


# Methods that run a tool object (`tool.execute(…)`, LangChain's `tool.invoke(…)`)
_TOOL_RUNS = frozenset(
    {"execute", "aexecute", "run", "arun", "invoke", "ainvoke", "call", "acall", "__call__"}
)


def runs_tool(call: ast.Call, assigned: Callable[[ast.Name], list[ast.expr]]) -> bool:
    """Whether a call runs a tool an agent chose, whatever the tool does: one taken from
    the program's tool registry by a name known only at run time (`self.tools[name](
    **args)`, `tool = self._tool_map.get(call.name)` then `tool.execute(…)`, `await
    registry.get_tool(step.tool)`); `assigned`: the values every binding of a local name
    gives it (none when one binding is not an assignment)."""
    func = call.func
    tool = func.value if isinstance(func, ast.Attribute) and func.attr in _TOOL_RUNS else func
    if isinstance(tool, ast.Name):
        values = assigned(tool)
        return bool(values) and all(map(_tool_lookup, values))
    return _tool_lookup(tool)


def _tool_lookup(node: ast.expr) -> bool:
    """Whether an expression takes a tool from a tool registry by a key known only at run
    time: `tools[name]`, `tool_map.get(name)`, `registry.get_tool(name)`, `get_tool(name)`
    (awaited or not); a registry is named for its tools, and a literal key is a fixed tool."""
    if isinstance(node, ast.Await):
        node = node.value
    searched = _searched(node)
    if searched is not None:  # `next((t for t in tools if t.name == call.name), None)`
        registry, key = searched
    elif isinstance(node, ast.Subscript):
        registry, key = node.value, node.slice
    elif isinstance(node, ast.Call) and node.args and isinstance(node.func, ast.Attribute):
        if node.func.attr not in ("get", "get_tool"):
            return False
        registry = node.func.value if node.func.attr == "get" else node.func
        key = node.args[0]
    elif isinstance(node, ast.Call) and node.args and isinstance(node.func, ast.Name):
        if node.func.id != "get_tool":
            return False
        registry, key = node.func, node.args[0]  # a module's `get_tool(name)`
    else:
        return False
    named = dotted_name(registry) or (registry.attr if isinstance(registry, ast.Attribute) else "")
    last = named.rsplit(".", 1)[-1].lower().strip("_")
    return "tool" in last and last.endswith(_REGISTRIES) and not isinstance(key, ast.Constant)


def _searched(node: ast.expr) -> tuple[ast.expr, ast.expr] | None:
    """The collection and the key of a search for the item whose attribute equals a key:
    `next((t for t in tools if t.name == name), None)`, `[t for t in tools if t.name ==
    name][0]`; None for any other expression."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "next":
        node = node.args[0] if node.args else node
    elif isinstance(node, ast.Subscript):
        node = node.value
    if not isinstance(node, ast.GeneratorExp | ast.ListComp) or len(node.generators) != 1:
        return None
    loop = node.generators[0]
    collection = loop.iter
    func = collection.func if isinstance(collection, ast.Call) else None
    if isinstance(func, ast.Attribute) and func.attr == "values":
        collection = func.value  # `for t in tools.values()`
    for test in loop.ifs:
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq):
            sides = (test.left, test.comparators[0])
            items = [s for s in sides if isinstance(s, ast.Attribute) and _of(s, loop.target)]
            if items:
                return collection, sides[1] if items[0] is sides[0] else sides[0]
    return None


def _of(attribute: ast.Attribute, target: ast.expr) -> bool:
    """Whether `attribute` is an attribute of the loop's name (`t.name` for `t`)."""
    value = attribute.value
    return isinstance(value, ast.Name) and isinstance(target, ast.Name) and value.id == target.id


# How a registry of tools is named at its end (`tools`, `tool_map`, `TOOL_REGISTRY`,
# `tool_implementations`, `get_tool`): not `tool_call_parsers`, `tool_results`
_REGISTRIES = (
    *("tools", "tool", "map", "registry", "implementations", "impls", "funcs"),
    *("functions", "handlers", "callables", "executors", "table", "dict", "by_name"),
)


def checked_call(name: str | None, call: ast.Call) -> bool:
    """Whether a launch called as `name` raises when its process fails, whatever keywords
    it is given (`check_call`), or by its default (anyio's `run_process`, unless its call
    passes `check=False`)."""
    if name not in CHECKED_CALLS:
        return False
    check = next((k.value for k in call.keywords if k.arg == "check"), None)
    off = getattr(check, "value", None) is False
    return not (name in _CHECK_ON_BY_DEFAULT and off)


class RetryLibrary(NamedTuple):
    """A retry decorator or loop of a library, and where its arguments say what it retries."""

    name: str  # qualified name: `tenacity.retry`
    form: str  # "decorator", "loop", "method" or "middleware"
    predicate: tuple[str, ...]  # keywords that narrow what is retried
    exception_keyword: str | None
    exception_position: int | None
    attempts_keyword: str | None
    stop_keyword: str | None
    stop_calls: frozenset[str]
    default_attempts: int  # 0: no limit
    results: bool = False  # it re-runs on return values only, never after a raise
    result_keywords: frozenset[str] = frozenset()  # predicates of return values only
    retries_keyword: str | None = None  # the runs after the first (`max_retries=3`: 4)


class StepCatalog(NamedTuple):
    """Step callables, retry libraries, and what makes a failure transient."""

    functions: frozenset[str]
    methods: frozenset[tuple[str, str]]  # (class name, method name)
    transient_codes: frozenset[int]
    transient_exceptions: frozenset[str]
    blanket_exceptions: frozenset[str]
    process_exceptions: frozenset[str]
    unrelated_exceptions: frozenset[str]  # no failed step raises these
    not_started_markers: frozenset[str]  # texts of a failure before the program ran
    session_flags: frozenset[str]
    session_subcommands: frozenset[str]
    libraries: Mapping[str, RetryLibrary]
    # agent middleware bases -> the hooks their agent calls around each model call
    middleware_hooks: Mapping[str, frozenset[str]]
    # the retry libraries of form "method", by the method's name (`with_retry`)
    method_libraries: Mapping[str, RetryLibrary]
    # what makes an agent object, each of whose runs (`agent_runs`) is a step
    agent_makers: frozenset[str] = frozenset()
    agent_runs: frozenset[str] = frozenset()
    # exception classes raised only when the program could not be started
    not_started_exceptions: frozenset[str] = frozenset()

    def never_started(self, tests: Iterable[tuple[str, str]]) -> bool:
        """Whether every failure that passes a layer's error tests (`(kind, value)` pairs,
        none: every failure) says the program never started: a text among the
        `not-started-markers` (`ENOENT`), or a class among the `not-started-exceptions`
        (`BlockingIOError`: fork's EAGAIN). Nothing ran, so a retry of them repeats no
        work."""
        tests = list(tests)
        return bool(tests) and all(
            (kind == "marker" and any(m.lower() in value.lower() for m in self.not_started_markers))
            or (kind == "class" and value.rsplit(".", 1)[-1] in self.not_started_exceptions)
            for kind, value in tests
        )

    def is_step_function(self, names: Iterable[str]) -> str | None:
        """The step function among a call's qualified names, if any."""
        return next((name for name in sorted(names) if name in self.functions), None)

    def named_session(self, words: Iterable[str | None]) -> bool:
        """Whether agent arguments resume a named session (`--name S`, `--resume`)."""
        for word in words:
            if word is None:
                continue
            flag = word.split("=", 1)[0]
            if flag in self.session_flags or word in self.session_subcommands:
                return True
        return False

    def transient(self, profile: AgentProfile | None, catalog: AgentCatalog) -> frozenset[int]:
        """Exit codes that mean a transient failure for an agent."""
        codes = set(self.transient_codes)
        if profile is not None:
            for code, meaning in profile.exit_codes.items():
                if any(i.name == "rate-limit" for i in intents_in(meaning, catalog)):
                    codes.add(code)
        return frozenset(codes)

    def resume_advice(self, profile: AgentProfile | None, catalog: AgentCatalog) -> str:
        """How to go on after an agent's failure, for a hint: resume on its documented
        transient exit (gptme's 75), or, for an agent with no code table (claude, codex),
        on a rate-limit marker in its output."""
        documented = profile is not None and bool(profile.exit_codes)
        codes = sorted(self.transient(profile, catalog)) if documented else []
        if codes:
            session, when = "a named session", f"the transient exit ({', '.join(map(str, codes))})"
        else:
            session, when = "the session", "a rate-limit marker in its output"
        return (
            f"resume {session} only on {when}, a bounded number of times, and let every "
            "other failure end the run"
        )


def _library(name: str, table: Mapping[str, Any]) -> RetryLibrary:
    exceptions = table.get("exceptions", {})
    return RetryLibrary(
        name=name,
        form=str(table.get("form", "decorator")),
        predicate=tuple(table.get("predicate", ())),
        exception_keyword=exceptions.get("keyword"),
        exception_position=exceptions.get("position"),
        attempts_keyword=table.get("attempts"),
        stop_keyword=table.get("stop"),
        stop_calls=frozenset(table.get("stop-calls", ())),
        default_attempts=int(table.get("default-attempts", 0)),
        results=bool(table.get("results", False)),
        result_keywords=frozenset(table.get("result-keywords", ())),
        retries_keyword=table.get("retries"),
    )


def _method(entry: str) -> tuple[str, str] | None:
    parts = entry.split(".")
    if len(parts) >= 2 and parts[-2][:1].isupper():
        return parts[-2], parts[-1]
    return None


def load_steps(config: Mapping[str, Any] | None = None) -> StepCatalog:
    """The built-in step catalogue, with `[tool.runaudit.steps] calls` added."""
    data = builtin_data("steps")
    extra = [str(entry) for entry in (config or {}).get("calls", ())]
    functions = {*data["steps"]["functions"], *extra}
    methods = {m for entry in (*data["steps"]["methods"], *extra) if (m := _method(entry))}
    libraries = {name: _library(name, table) for name, table in data["retry"].items()}
    return StepCatalog(
        functions=frozenset(functions),
        methods=frozenset(methods),
        transient_codes=frozenset(int(c) for c in data["transient"]["exit-codes"]),
        transient_exceptions=frozenset(data["transient"]["exceptions"]),
        blanket_exceptions=frozenset(data["transient"]["blanket-exceptions"]),
        process_exceptions=frozenset(data["transient"]["process-exceptions"]),
        unrelated_exceptions=frozenset(data["transient"]["unrelated-exceptions"]),
        not_started_markers=frozenset(data["transient"].get("not-started-markers", ())),
        session_flags=frozenset(data["sessions"]["flags"]),
        session_subcommands=frozenset(data["sessions"]["subcommands"]),
        libraries=libraries,
        method_libraries={
            name.rsplit(".", 1)[-1]: library
            for name, library in libraries.items()
            if library.form == "method"
        },
        middleware_hooks={
            base: frozenset(hooks) for base, hooks in data["middleware-hooks"].items()
        },
        agent_makers=frozenset(data["steps"]["agent-makers"]),
        agent_runs=frozenset(data["steps"]["agent-runs"]),
        not_started_exceptions=frozenset(data["transient"].get("not-started-exceptions", ())),
    )


@functools.cache
def default_steps() -> StepCatalog:
    """The built-in step catalogue, without config."""
    return load_steps()


# Steps in a parsed module.


class StepCall(NamedTuple):
    """A call that runs an agent step, a tool, or an agent process."""

    call: ast.AST  # the call, or a function reference (`retry(...)(step)`)
    label: str  # how messages name it: "`step()`", "`gptme`", "`execute_gptme()`"
    process: bool  # starts an agent process (itself or through a launcher): it has a status
    checked: bool  # a process run with `check=True`: a failure raises
    named_session: bool  # resumes a named session
    profile: AgentProfile | None
    launcher: Launcher | None = None  # the function of the tree that the call runs
    flag: SuccessFlag | None = None  # its value says it succeeded (see `SuccessFlag`)
    status_item: int | None = None  # item N of the tuple it returns is the exit status


class Launcher(NamedTuple):
    """A function of the audited tree that launches the agent or runs a step."""

    label: str  # "`execute_gptme()`"
    process: bool
    profile: AgentProfile | None
    where: RelatedLocation | ast.AST  # its name in another module, or its `def` in this one
    flag: SuccessFlag | None = None  # it returns a success flag (see `StepCall.flag`)
    named: bool = False  # every agent run it makes resumes a named session
    status_item: int | None = None  # it returns the status as item N of a tuple
    # what it returns is the run's exit status (`return proc.returncode`); else its value
    # says nothing of the run unless `flag` or `status_item` says where
    status_value: bool = False
    # every run it makes is in a `try` that keeps every failure in, and nothing after
    # that `try` can fail: what it raises, it raises before the agent runs
    contained: bool = False


def import_aliases(module: PythonModule, own: str | None = None) -> dict[str, str]:
    """Local names bound by the module's top-level imports -> qualified names; relative
    imports too when the module's own dotted name is known."""
    import ast

    from auditor.python.model.ast_values import import_bindings, qualified_import

    found: dict[str, str] = {}
    for node in module_statements(module.tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            for local, base, name in import_bindings(node, own):
                found[local] = qualified_import(base, name)
    return found
