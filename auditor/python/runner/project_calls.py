"""What the function summaries (auditor/python/runner/launch_facts.py) say about calls of a module.

- A call of a function whose parameter reaches a process launch
  (`run_command(cmd)` with `def run_command(cmd): return subprocess.run(cmd)`)
  is a launch of whatever it is given there: a *wrapped launch*.
- What a called function returns about its process (`return proc.returncode
  == 0`, `return ok, out, kind`): a *success flag* tells a loop around the
  call what a failure looks like.
- `self.m()` in a class may run the `m` of a subclass (a mixin's `run()`
  re-running `self._execute()`), here or in another module of the tree, or
  the `m` of a base class.

The facts come from the project index, and for this module from its own
summary (read now when the file is audited alone).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from auditor.finding import Position, RelatedLocation, Span
from auditor.project import RAISES, LaunchParameter, PythonSummary, module_name
from auditor.python.model.ast_values import base_names, dotted_name
from auditor.python.model.callees import (
    enclosing_class,
    instance_class,
    lineage,
    module_classes,
)
from auditor.python.model.expr_values import keyword_argument, positional_argument
from auditor.python.model.module_names import module_names
from auditor.python.runner.loop_parts import unpacked_name
from auditor.python.runner.steps import Launcher, import_aliases

if TYPE_CHECKING:
    from auditor.python.runner.retry_types import SuccessFlag
    from auditor.python.unit import PythonUnit

_MAX_SUBCLASSES = 16


class WrappedLaunch(NamedTuple):
    """A call that gives a function's launch parameter its argv or command string."""

    call: ast.Call
    argument: ast.expr  # what the call passes for the parameter
    parameter: LaunchParameter
    label: str  # "`run_command()`"
    returns: str | None  # what the function returns about the process (see `PythonSummary`)
    # the function's own audit sees the agent (the call graph gives its parameter the
    # argv) and reports a status it drops there, at its launch
    reported_there: bool = False


class StatusCall(NamedTuple):
    """A call of a function of the tree that runs the agent and returns how the run went
    (its exit status, its result, a success flag)."""

    call: ast.Call
    label: str  # "`run_agent()`"
    qualname: str  # the function's, in its module
    # the agent's program, for a function of another module (`PythonSummary.status_agents`);
    # None for one of this module, whose own launch is read here
    agent: str | None = None
    returns: str | None = None  # what it returns about the run (`PythonSummary.returns`)


class Callee(NamedTuple):
    """A function of the tree that a call may run, as the index knows it."""

    summary: PythonSummary
    qualname: str  # "run_command", "Task._execute"
    module: str | None  # its module's dotted name (None: this module, audited alone)


def own_summary(unit: PythonUnit) -> tuple[str | None, PythonSummary]:
    """This module's dotted name and summary: the project index's, or read now (the unit
    keeps it: `PythonUnit.own_summary`)."""
    for name, summary in unit.project.python.items():
        if summary.path == unit.source.path:
            return name, summary
    from auditor.python.runner.summary import runs_something, summarize_python

    own = module_name(Path(unit.source.path)) if unit.project.python else None
    if not runs_something(unit.text, unit.steps):
        return own, PythonSummary(unit.source.path)

    # not in the index: no other module reaches it, so the call graph needs none of it
    tree = unit.module.tree if unit.module is not None else None
    summary = summarize_python(
        unit.text, unit.source.path, unit.catalog, unit.steps, own, graph=False, tree=tree
    )
    return own, summary


def status_target(target: ast.expr | None, returns: str | None) -> str | None:
    """The name a call's value is bound to that holds the run's status: the whole value's
    (`rc = run_agent(…)`), or, where the function returns the status as an item of a tuple
    (`return out, proc.returncode`), the name unpacked there (`out, rc = run_agent(…)`)."""
    if isinstance(target, ast.Name):
        return target.id
    _, item = returned_value(returns)
    return unpacked_name(target, item) if item is not None else None


def returned_value(returns: str | None) -> tuple[SuccessFlag | None, int | None]:
    """Where a launcher's returned value says how the run went: its success flag, or
    the item of a returned tuple that is the exit status (`return proc.returncode, out`)."""
    if returns is not None and returns.startswith("status@"):
        return None, int(returns.split("@", 1)[1])
    return success_flag(returns), None


def returned_launcher(name: str, where: RelatedLocation, returns: str | None) -> Launcher:
    """A launcher of another module (or one the call graph finds) by its last name, where
    its name is written, and what it returns about its run (`PythonSummary.returns`)."""
    flag, item = returned_value(returns)
    return Launcher(f"`{name}()`", True, None, where, flag, False, item, returns == "status")


def success_flag(returns: str | None) -> SuccessFlag | None:
    """Where a success flag is in a returned value (see `SuccessFlag`)."""
    if returns == "success":
        return -1
    if returns is not None and returns.startswith("field:"):
        return returns[len("field:") :]
    if returns is not None and returns.startswith("success@"):
        return int(returns.split("@", 1)[1])
    return None


class ProjectCalls:
    """Calls of one module, resolved to functions of the tree through the summaries."""

    def __init__(self, unit: PythonUnit) -> None:
        assert unit.module is not None
        self.unit, self.module = unit, unit.module
        self.own_name, self.own = unit.own_summary()
        self.aliases = import_aliases(self.module, self.own_name)
        self._launcher_methods = {
            name.rsplit(".", 1)[-1]
            for summary in unit.project.python.values()
            for name in summary.launchers
            if "." in name
        }

    def _in_index(self, qualified: str) -> Callee | None:
        """The function a qualified name (`pkg.runner.run_command`) names in the index."""
        parts = qualified.split(".")
        modules = module_names(self.unit.project.python)
        for cut in range(len(parts) - 1, 0, -1):
            found = modules.summary(".".join(parts[:cut]), self.unit.source.path)
            if found is not None:
                return Callee(found[1], ".".join(parts[cut:]), found[0])
        return None

    def _qualified(self, dotted: str | None) -> str | None:
        """A dotted name of this module's code through its imports (None: not imported)."""
        head, _, rest = (dotted or "").partition(".")
        if head not in self.aliases:
            return None
        return f"{self.aliases[head]}.{rest}" if rest else self.aliases[head]

    def callees(self, call: ast.Call) -> Iterator[Callee]:
        """The functions of the tree a call may run: this module's (a method of the class
        or of its bases), or another module's through the imports."""
        func = call.func
        if isinstance(func, ast.Name):
            if not self.module.bindings.get((self.module.scope_of(call), func.id)):
                qualified = self._qualified(func.id)  # imported, or this module's own
                callee = self._in_index(qualified) if qualified else None
                if callee is not None or qualified is None:
                    yield callee or Callee(self.own, func.id, self.own_name)
            return
        if not isinstance(func, ast.Attribute):
            return
        receiver, method = func.value, func.attr
        cls = instance_class(self.module, receiver)
        if cls is None and isinstance(receiver, ast.Name) and receiver.id == "cls":
            cls = enclosing_class(self.module, call)
        if cls is None and isinstance(receiver, ast.Name):
            cls = module_classes(self.module).get(receiver.id)
        # `super().m()`: the method of the class's bases, not its own
        above = isinstance(receiver, ast.Call) and dotted_name(receiver.func) == "super"
        if above:
            cls = enclosing_class(self.module, call)
        if cls is not None:
            classes = lineage(self.module, cls)[1:] if above else lineage(self.module, cls)
            for current in classes:
                yield Callee(self.own, f"{current.name}.{method}", self.own_name)
            for base in (b for c in lineage(self.module, cls) for b in base_names(c)):
                qualified = self._qualified(base)
                callee = self._in_index(f"{qualified}.{method}") if qualified else None
                if callee is not None:
                    yield callee
            return
        owner = receiver.func if isinstance(receiver, ast.Call) else receiver
        qualified = self._qualified(dotted_name(owner))
        callee = self._in_index(f"{qualified}.{method}") if qualified else None
        if callee is not None:
            yield callee

    def overrides(self, call: ast.Call) -> Iterator[Callee]:
        """For `self.m()` in a class, the `m` of its subclasses: in this module, and in
        the modules whose classes list it (or a subclass of it) as a base."""
        func = call.func
        if not (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in ("self", "cls")
        ):
            return
        cls = enclosing_class(self.module, call)
        if cls is None:
            return
        method = func.attr
        local = {cls.name}
        classes = module_classes(self.module)
        for _ in range(_MAX_SUBCLASSES):  # subclasses of subclasses, to a fixed point
            found = {n for n, c in classes.items() if local & set(base_names(c))} - local
            if not found:
                break
            local |= found
        for name in sorted(local - {cls.name}):
            yield Callee(self.own, f"{name}.{method}", self.own_name)
        if self.own_name is None:
            return
        wanted = {f"{self.own_name}.{name}" for name in local}
        for module, summary in sorted(self.unit.project.python.items()):
            for name, bases in summary.class_bases.items():
                if wanted & set(bases):
                    yield Callee(summary, f"{name}.{method}", module)

    @functools.cached_property
    def wrapped_launches(self) -> dict[ast.Call, WrappedLaunch]:
        """Calls of this module that give a launch parameter its value."""
        found: dict[ast.Call, WrappedLaunch] = {}
        summaries = [self.own, *self.unit.project.python.values()]
        names = {q.rsplit(".", 1)[-1] for s in summaries for q in s.launch_parameters}
        for call, _ in self._named_calls(names):
            for callee in self.callees(call):
                parameter = callee.summary.launch_parameters.get(callee.qualname)
                if parameter is None:
                    continue
                argument = keyword_argument(call, parameter.name) or positional_argument(
                    call, parameter.position if parameter.position >= 0 else None
                )
                if argument is not None:
                    label = f"`{callee.qualname.rsplit('.', 1)[-1]}()`"
                    returns = callee.summary.returns.get(callee.qualname)
                    there = self._sees_agent(callee, parameter)
                    found[call] = WrappedLaunch(call, argument, parameter, label, returns, there)
                break
        return found

    def _named_calls(self, names: set[str]) -> Iterator[tuple[ast.Call, str]]:
        """The module's calls of a function or method by one of `names`, with that name."""
        for call in self.module.calls if names else ():
            func = call.func
            name = func.id if isinstance(func, ast.Name) else None
            name = func.attr if isinstance(func, ast.Attribute) else name
            if name in names:
                yield call, name

    @functools.cached_property
    def status_calls(self) -> dict[ast.Call, StatusCall]:
        """Calls of a function of this module that runs the agent and returns how the run
        went: dropping what it returns loses the run's status as dropping the run's own
        would."""
        returning = {
            q for q, word in self.own.returns.items() if word != RAISES and q in self.own.launchers
        }
        names = {q.rsplit(".", 1)[-1] for q in returning}
        found: dict[ast.Call, StatusCall] = {}
        for call, name in self._named_calls(names):
            for callee in self.callees(call):
                if callee.module in (None, self.own_name) and callee.qualname in returning:
                    returns = self.own.returns.get(callee.qualname)
                    found[call] = StatusCall(call, f"`{name}()`", callee.qualname, None, returns)
                    break
        project = self.module.project
        if project is None:
            return found
        others = {  # those of other modules, where the call graph says a call runs one
            q.rsplit(".", 1)[-1]
            for module, summary in self.unit.project.python.items()
            if module != self.own_name
            for q in summary.status_agents
        }
        for call, name in self._named_calls(others):
            if call in found:
                continue
            function = self.module.scope_name(self.module.scope_of(call))
            targets = project.callees(function, call.lineno, call.col_offset) if function else []
            agents = {
                agent
                for owner, qualname in targets
                if owner != self.own_name
                and (summary := self.unit.project.python.get(owner)) is not None
                and (agent := summary.status_agents.get(qualname)) is not None
            }
            if len(agents) == 1 and len(targets) == 1:
                owner, qualname = targets[0]
                returns = self.unit.project.python[owner].returns.get(qualname)
                found[call] = StatusCall(call, f"`{name}()`", qualname, agents.pop(), returns)
        return found

    def _sees_agent(self, callee: Callee, parameter: LaunchParameter) -> bool:
        """Whether the call graph gives a function's parameter an agent's argv, so that
        the function's own audit finds the agent it launches."""
        if callee.module is None or not self.unit.project.python:
            return False
        from auditor.python.model.call_graph import call_graph
        from auditor.python.model.graph_questions import parameter_runs_agent

        graph = call_graph(self.unit.project)
        names = frozenset(n for p in self.unit.catalog.profiles for n in p.commands)
        fid = f"{callee.module}.{callee.qualname}"
        program = parameter.form == "program"
        return parameter_runs_agent(graph, fid, parameter.name, names, program=program)

    def returned_flag(self, qualname: str | None) -> tuple[SuccessFlag | None, int | None]:
        """Where the success flag, or the exit status, is in what a function of this
        module returns (see `returned_value`)."""
        return returned_value(self.own.returns.get(qualname or ""))

    def returns_status(self, qualname: str | None) -> bool:
        """Whether a function of this module returns its run's exit status itself."""
        return self.own.returns.get(qualname or "") == "status"

    def hierarchy_launcher(self, call: ast.Call, local: Mapping[str, Launcher]) -> Launcher | None:
        """The launcher a method call runs through a class hierarchy or the imports: the
        method of a base or of a subclass (`local`: this module's launchers by name)."""
        method = call.func.attr if isinstance(call.func, ast.Attribute) else None
        if method not in self._launcher_methods and not any(
            name.endswith(f".{method}") for name in local
        ):
            return None  # no launcher of the tree has this name: nothing to look up
        for callee in (*self.callees(call), *self.overrides(call)):
            if callee.module is None or callee.module == self.own_name:
                found = local.get(callee.qualname)
                if found is not None:
                    return found
                continue
            position = callee.summary.launchers.get(callee.qualname)
            if position is None:
                continue
            line, column = position
            name = callee.qualname.rsplit(".", 1)[-1]
            span = Span(Position(line, column), Position(line, column + len(name)))
            message = f"`{callee.qualname}` launches the agent"
            where = RelatedLocation(callee.summary.path, span, message)
            return returned_launcher(name, where, callee.summary.returns.get(callee.qualname))
        return None


def never_read(name: str) -> str:
    """How a name a run's status is given goes unread (`_` is there to discard it)."""
    return "`_` discards it" if name == "_" else f"`{name}` is never read"


def lost_through(
    wrapped: WrappedLaunch, bound: str | None, dropped: bool, read: bool
) -> str | None:
    """Why the status of a wrapped launch is lost, or None: the function drops it, or
    returns it to a call site that drops it (`dropped`: the call is a statement of its
    own; `bound`: the name it is assigned to, `read`: whether that is read)."""
    label = wrapped.label
    if wrapped.parameter.status == "dropped":
        return None if wrapped.reported_there else f"{label} runs it and never reads its status"
    if wrapped.parameter.status == "read":
        return None
    if dropped:
        return f"{label} returns it and the result is dropped"
    if bound is not None and not read:
        return f"{label} returns it and {never_read(bound)}"
    return None
