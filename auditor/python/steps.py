"""Agent steps in Python: what runs one, and which calls of a module do.

A step is a call that runs an agent step or executes tools (`gptme.chat.step`,
`ToolUse.execute`, `gptme.tools.execute_msg`, from `rules/data/steps.toml` and
config), an agent process launch, or a call of a function of the audited tree
whose body does one of these (a *launcher*, such as `execute_gptme`), in this
module or, through the project index, in another. The data part has no
libcst in it, so the pre-pass (auditor/python/summary.py) can read it; libcst
is imported only by the functions that walk a parsed module.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from auditor.exit_codes import intents_in
from auditor.finding import Position, RelatedLocation, Span
from auditor.profiles import AgentCatalog, AgentProfile
from rules import builtin_data

if TYPE_CHECKING:
    import libcst as cst

    from auditor.python.module import PythonModule, PythonUnit

# Calls that start a process, and those among them whose value (or `.returncode`) is a status.
PROCESS_CALLS = frozenset(
    {f"subprocess.{n}" for n in ("run", "call", "check_call", "check_output", "Popen")}
    | {"os.system", "asyncio.create_subprocess_exec", "asyncio.create_subprocess_shell"}
    | {"asyncio.subprocess.create_subprocess_exec", "asyncio.subprocess.create_subprocess_shell"}
)
_CHECKED = frozenset({"subprocess.check_call", "subprocess.check_output"})


class RetryLibrary(NamedTuple):
    """A retry decorator or loop of a library, and where its arguments say what it retries."""

    name: str  # qualified name: `tenacity.retry`
    form: str  # "decorator" or "loop"
    predicate: tuple[str, ...]  # keywords that narrow what is retried
    exception_keyword: str | None
    exception_position: int | None
    attempts_keyword: str | None
    stop_keyword: str | None
    stop_calls: frozenset[str]
    default_attempts: int  # 0: no limit
    results: bool = False  # it re-runs on return values only, never after a raise
    result_keywords: frozenset[str] = frozenset()  # predicates of return values only


class StepCatalog(NamedTuple):
    """Step callables, retry libraries, and what makes a failure transient."""

    functions: frozenset[str]
    methods: frozenset[tuple[str, str]]  # (class name, method name)
    transient_codes: frozenset[int]
    transient_exceptions: frozenset[str]
    blanket_exceptions: frozenset[str]
    process_exceptions: frozenset[str]
    session_flags: frozenset[str]
    session_subcommands: frozenset[str]
    libraries: Mapping[str, RetryLibrary]

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
    return StepCatalog(
        functions=frozenset(functions),
        methods=frozenset(methods),
        transient_codes=frozenset(int(c) for c in data["transient"]["exit-codes"]),
        transient_exceptions=frozenset(data["transient"]["exceptions"]),
        blanket_exceptions=frozenset(data["transient"]["blanket-exceptions"]),
        process_exceptions=frozenset(data["transient"]["process-exceptions"]),
        session_flags=frozenset(data["sessions"]["flags"]),
        session_subcommands=frozenset(data["sessions"]["subcommands"]),
        libraries={name: _library(name, table) for name, table in data["retry"].items()},
    )


@functools.cache
def default_steps() -> StepCatalog:
    """The built-in step catalogue, without config."""
    return load_steps()


# Steps in a parsed module.


class StepCall(NamedTuple):
    """A call that runs an agent step, a tool, or an agent process."""

    call: cst.CSTNode  # the call, or a function reference (`retry(...)(step)`)
    label: str  # how messages name it: "`step()`", "`gptme`", "`execute_gptme()`"
    process: bool  # starts an agent process (itself or through a launcher): it has a status
    checked: bool  # a process run with `check=True`: a failure raises
    named_session: bool  # resumes a named session
    profile: AgentProfile | None
    launcher: Launcher | None = None  # the function of the tree that the call runs
    flag: int | None = None  # its value is a success flag: -1 the value, N item N of a tuple


class Launcher(NamedTuple):
    """A function of the audited tree that launches the agent or runs a step."""

    label: str  # "`execute_gptme()`"
    process: bool
    profile: AgentProfile | None
    where: RelatedLocation | cst.CSTNode  # its name: in another module, or a node of this one
    flag: int | None = None  # it returns a success flag (see `StepCall.flag`)
    named: bool = False  # every agent run it makes resumes a named session


def import_aliases(module: PythonModule, own: str | None = None) -> dict[str, str]:
    """Local names bound by the module's top-level imports -> qualified names; relative
    imports too when the module's own dotted name is known."""
    import libcst as cst

    from auditor.python.module import dotted_name

    found: dict[str, str] = {}
    imports = [
        small
        for statement in module.tree.body
        if isinstance(statement, cst.SimpleStatementLine)
        for small in statement.body
        if isinstance(small, cst.Import | cst.ImportFrom)
    ]
    for node in imports:
        if isinstance(node, cst.Import):
            for alias in node.names:
                full = dotted_name(alias.name) or ""
                local = alias.evaluated_alias or full.split(".", 1)[0]
                found[local] = full if alias.asname else local
            continue
        if isinstance(node.names, cst.ImportStar) or (node.relative and own is None):
            continue
        base = (own or "").split(".")[: -len(node.relative)] if node.relative else []
        base += [dotted_name(node.module) or ""] if node.module else []
        for alias in node.names:
            name = dotted_name(alias.name) or ""
            found[alias.evaluated_alias or name] = ".".join([*base, name])
    return found


class Steps:
    """The step calls of one parsed module, and the launchers it defines."""

    def __init__(self, unit: PythonUnit, steps: StepCatalog) -> None:
        assert unit.module is not None
        self.unit, self.module, self.steps = unit, unit.module, steps
        self.calls: dict[cst.Call, StepCall] = {}
        self.launchers: dict[str, Launcher] = {}  # qualname in this module -> launcher
        # functions defined inside functions (`def call(): …` in a runner) -> launcher
        self.nested: dict[cst.FunctionDef, Launcher] = {}
        own = next((n for n, s in unit.project.python.items() if s.path == unit.source.path), None)
        self.aliases = import_aliases(self.module, own)
        from auditor.python.project_calls import ProjectCalls

        self.project_calls = ProjectCalls(unit)  # wrapped launches, class hierarchies
        self.wrapped = self.project_calls.wrapped_launches()
        self._direct()
        self._local_launchers()
        for call, names in self.module.calls.items():
            launcher = self._local(call.func, call) or self._project(call.func, names)
            if launcher is not None and call not in self.calls:
                self._add(call, launcher.label, launcher)

    def _add(
        self,
        call: cst.Call,
        label: str,
        launcher: Launcher | None = None,
        checked: bool = False,
        named: bool = False,
        profile: AgentProfile | None = None,
        flag: int | None = None,
    ) -> None:
        profile = launcher.profile if launcher is not None else profile
        process = launcher.process if launcher is not None else profile is not None
        flag = launcher.flag if launcher is not None else flag
        named = launcher.named if launcher is not None else named
        self.calls[call] = StepCall(call, label, process, checked, named, profile, launcher, flag)

    def related(self, step: StepCall) -> tuple[RelatedLocation, ...]:
        """Where the step is called (or named), and where its launcher is defined."""
        what = "is called here" if step.call in self.calls else "is re-run from here"
        found = [self._located(step.call, f"{step.label} {what}")]
        launcher = step.launcher
        if launcher is not None:
            where = launcher.where
            doing = "launches the agent" if launcher.process else "runs an agent step"
            message = f"{launcher.label.rstrip('()`')}` {doing}"
            found.append(
                where if isinstance(where, RelatedLocation) else self._located(where, message)
            )
        return tuple(found)

    def _located(self, node: cst.CSTNode, message: str) -> RelatedLocation:
        span = self.module.source.span(*self.module.span(node))
        return RelatedLocation(self.module.source.path, span, message)

    def _direct(self) -> None:
        """Agent process launches, step functions and step methods."""
        import libcst as cst

        from auditor.python.module import dotted_name

        launches = {(c.start, c.end): c for c in self.unit.agent_status().calls}
        from auditor.python.project_calls import success_flag

        for call, names in self.module.calls.items():
            via = self.wrapped.get(call)  # `run_command(argv)`: launches what it is given
            if names & PROCESS_CALLS or via is not None:
                agent = launches.get(self.module.span(call)) if launches else None
                if agent is not None:
                    checked = bool(names & _CHECKED) or _keyword_true(call, "check")
                    given = via.argument if via is not None else None
                    named = self.steps.named_session(_argv_words(self.module, call, given))
                    flag = success_flag(via.returns) if via is not None else None
                    if via is not None:  # it reads the status, and returns none of it
                        checked = via.parameter.status == "read" and via.returns is None
                    profile = agent.codes.agent
                    self._add(call, f"`{agent.label}`", None, checked, named, profile, flag)
                continue
            func = call.func
            method = isinstance(func, cst.Attribute) and self._step_method(call, func)
            if method or self.steps.is_step_function(names):
                shown = dotted_name(func) or (
                    func.attr.value if isinstance(func, cst.Attribute) else ""
                )
                self._add(call, f"`{shown or 'step'}()`")

    def _step_method(self, call: cst.Call, func: cst.Attribute) -> bool:
        """`x.execute(…)` where `x` is a value of a step class: `ToolUse(…).execute()`,
        `for x in ToolUse.iter_from_content(…)`, `x = ToolUse(…)`, `x: ToolUse`."""
        import libcst as cst

        classes = {c for c, m in self.steps.methods if m == func.attr.value}
        receiver = func.value
        if not classes or _mentions(receiver, classes):
            return bool(classes)
        if not isinstance(receiver, cst.Name):
            return False
        scope = self.module.scope_of(call)
        bindings = self.module.bindings.get((scope, receiver.value), [])
        if any(_mentions(binding.value, classes) for binding in bindings):
            return True
        current = self.module.parent(call)
        while current is not None:
            target = current.target if isinstance(current, cst.For) else None
            if isinstance(target, cst.Name) and target.value == receiver.value:
                assert isinstance(current, cst.For)
                return _mentions(current.iter, classes)
            if isinstance(current, cst.FunctionDef):
                return any(
                    p.name.value == receiver.value
                    and p.annotation is not None
                    and _mentions(p.annotation.annotation, classes)
                    for p in current.params.params
                )
            current = self.module.parent(current)
        return False

    def _local_launchers(self) -> None:
        """Functions of this module whose body runs a step, to a fixed point."""
        import libcst as cst

        marks: list[tuple[cst.CSTNode, bool, AgentProfile | None, bool]] = [
            (step.call, step.process, step.profile, step.named_session)
            for step in self.calls.values()
        ]
        while marks:
            unnamed = {id(self.module.scope_of(node)) for node, *_, named in marks if not named}
            for node, process, profile, _ in marks:
                scope = self.module.scope_of(node)
                if not isinstance(scope, cst.FunctionDef) or self._known(scope):
                    continue
                name = _qualname(self.module, scope)
                label = f"`{(name or scope.name.value).rsplit('.', 1)[-1]}()`"
                flag = self.project_calls.returned_flag(name)
                named = id(scope) not in unnamed
                launcher = Launcher(label, process, profile, scope.name, flag, named)
                if name is None:
                    self.nested[scope] = launcher
                else:
                    self.launchers[name] = launcher
            marks = []
            for call in self.module.calls:
                found = self._local(call.func, call)
                scope = self.module.scope_of(call)
                if (
                    found is not None
                    and isinstance(scope, cst.FunctionDef)
                    and not self._known(scope)
                ):
                    marks.append((call, found.process, found.profile, found.named))

    def _known(self, function: cst.FunctionDef) -> bool:
        """Whether a function is already known to be a launcher."""
        name = _qualname(self.module, function)
        return function in self.nested if name is None else name in self.launchers

    def _nested_launcher(self, name: str, at: cst.CSTNode) -> Launcher | None:
        """A launcher defined, as `name`, in a function around `at`."""
        import libcst as cst

        for function, launcher in self.nested.items():
            if function.name.value != name:
                continue
            owner = self.module.scope_of(function)
            current = self.module.parent(at)
            while current is not None and current is not owner:
                current = self.module.parent(current)
            if current is not None and isinstance(owner, cst.FunctionDef):
                return launcher
        return None

    def _local(self, func: cst.BaseExpression, at: cst.CSTNode) -> Launcher | None:
        """A launcher of this module that `func` names (`run_agent`, `self.run_agent`)."""
        import libcst as cst

        if isinstance(func, cst.Name):
            return self.launchers.get(func.value) or self._nested_launcher(func.value, at)
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            owner = func.value.value
            if owner in ("self", "cls"):
                scope = self.module.scope_of(at)
                qualname = _qualname(self.module, scope) if scope is not self.module.tree else None
                owner = qualname.split(".")[0] if qualname and "." in qualname else owner
            found = self.launchers.get(f"{owner}.{func.attr.value}")
            if found is not None:
                return found
        if isinstance(func, cst.Attribute) and isinstance(at, cst.Call):
            # a method of a base or a subclass (a mixin's `self._execute()`), here or imported
            return self.project_calls.hierarchy_launcher(at, self.launchers)
        return None

    def _project(self, func: cst.BaseExpression, names: Iterable[str]) -> Launcher | None:
        """A launcher of another module of the audited tree, through the project index."""
        from auditor.python.module import dotted_name
        from auditor.python.project_calls import success_flag

        dotted = dotted_name(func) or ""
        head, _, rest = dotted.partition(".")
        qualified = set(names)
        if head in self.aliases:
            qualified.add(f"{self.aliases[head]}.{rest}" if rest else self.aliases[head])
        index = self.unit.project.python
        for name in sorted(qualified):
            parts = name.split(".")
            for cut in range(len(parts) - 1, 0, -1):
                summary = index.get(".".join(parts[:cut]))
                qualname = ".".join(parts[cut:])
                position = summary.launchers.get(qualname) if summary else None
                if summary is None or position is None:
                    continue
                line, column = position
                span = Span(Position(line, column), Position(line, column + len(parts[-1])))
                where = RelatedLocation(summary.path, span, f"`{qualname}` launches the agent")
                flag = success_flag(summary.returns.get(qualname))
                return Launcher(f"`{parts[-1]}()`", True, None, where, flag)
        return None

    def reference(self, node: cst.BaseExpression) -> StepCall | None:
        """The step a function reference names (`retry(...)(execute_gptme)`), if any."""
        from auditor.python.module import dotted_name

        dotted = dotted_name(node) or ""
        head, _, rest = dotted.partition(".")
        qualified = f"{self.aliases[head]}.{rest}".rstrip(".") if head in self.aliases else dotted
        launcher = self._local(node, node) or self._project(node, [qualified])
        if launcher is None and qualified not in self.steps.functions:
            return None
        if launcher is None:
            return StepCall(node, f"`{dotted}()`", False, False, False, None)
        return StepCall(
            node, launcher.label, launcher.process, False, False, launcher.profile, launcher
        )


def _mentions(node: cst.CSTNode, names: set[str]) -> bool:
    """Whether an expression names one of `names` (`ToolUse`, `tools.ToolUse`)."""
    import libcst as cst

    from auditor.python.module import descendants

    return any(isinstance(n, cst.Name) and n.value in names for n in descendants(node))


def _qualname(module: PythonModule, node: cst.CSTNode) -> str | None:
    """`f` or `Class.method` for a function of the module or of a top-level class."""
    import libcst as cst

    names: list[str] = []
    current: cst.CSTNode | None = node
    while current is not None:
        if isinstance(current, cst.FunctionDef | cst.ClassDef):
            names.insert(0, current.name.value)
            if isinstance(current, cst.FunctionDef) and len(names) > 1:
                return None  # a function defined inside a function
        current = module.parent(current)
    return ".".join(names) or None


def _keyword_true(call: cst.Call, name: str) -> bool:
    import libcst as cst

    value = next((a.value for a in call.args if a.keyword and a.keyword.value == name), None)
    return isinstance(value, cst.Name) and value.value == "True"


def _argv_words(
    module: PythonModule, call: cst.Call, given: cst.BaseExpression | None = None
) -> list[str]:
    """The words of a launch's argv or command string (`given`: what a call passes a
    function that launches it), as far as they resolve."""
    from auditor.python.strings import Resolver

    resolver = Resolver(module, positions=False)
    keywords = ("args", "cmd", "command")
    first = next((a.value for a in call.args if a.keyword is None and not a.star), None) or next(
        (a.value for a in call.args if a.keyword and a.keyword.value in keywords), None
    )
    first = given or first
    words = resolver.words(first) if first is not None else None
    if words is not None:
        return [w.text for w in words]
    text = resolver.text(first) if first is not None else None
    return text.text.split() if text is not None else []


def find_steps(unit: PythonUnit, steps: StepCatalog | None = None) -> Steps | None:
    """The step calls of a parsed module (None if it did not parse)."""
    return Steps(unit, steps or default_steps()) if unit.module is not None else None
