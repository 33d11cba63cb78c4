"""The step calls of one parsed module: which of its calls run an agent step, execute
tools or launch the agent (directly, or through a launcher of this module or, via the
project index, of another), and the launchers it defines.

The catalogue these read (what a step is, retry libraries, launchers as data) is
`auditor.python.runner.steps`, below this module and below the project-call resolution
(`auditor.python.runner.project_calls`) that this module uses.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING

from auditor.finding import Position, RelatedLocation, Span
from auditor.profiles import AgentProfile
from auditor.python.model.ast_values import (
    Function,
    annotation_names,
    descendants,
    dotted_name,
    item_names,
    parameter_names,
    returned_values,
    takes_no_instance,
    top_functions,
)
from auditor.python.model.attribute_values import attribute_values
from auditor.python.model.callees import enclosing_class
from auditor.python.model.class_attributes import class_attributes
from auditor.python.model.expr_values import is_true, keyword_argument
from auditor.python.model.graph_launchers import GraphLaunchers, graph_launchers
from auditor.python.model.module_names import module_names
from auditor.python.runner.agent_options import gives_no_tools
from auditor.python.runner.agent_words import split_command
from auditor.python.runner.effect_checks import statements_after
from auditor.python.runner.error_tests import keeps_failure
from auditor.python.runner.launch_facts import LAUNCH_CALLS
from auditor.python.runner.project_calls import returned_launcher, returned_value
from auditor.python.runner.steps import (
    PROCESS_CALLS,
    Launcher,
    StepCall,
    StepCatalog,
    checked_call,
    default_steps,
    import_aliases,
    may_look_up_tool,
    runs_tool,
)

if TYPE_CHECKING:
    from auditor.python.model.module import PythonModule
    from auditor.python.runner.retry_types import SuccessFlag
    from auditor.python.unit import PythonUnit


class Steps:
    """The step calls of one parsed module, and the launchers it defines."""

    def __init__(self, unit: PythonUnit, steps: StepCatalog) -> None:
        assert unit.module is not None
        self.unit, self.module, self.steps = unit, unit.module, steps
        self.calls: dict[ast.Call, StepCall] = {}
        self.launchers: dict[str, Launcher] = {}  # qualname in this module -> launcher
        # functions defined inside functions (`def call(): …` in a runner) -> launcher
        self.nested: dict[Function, Launcher] = {}
        self.aliases = import_aliases(self.module, unit.own_summary()[0])
        self.project_calls = unit.project_calls()  # wrapped launches, class hierarchies
        # the last names of the tree's launchers: a call naming none of them runs none
        self.launcher_names = frozenset(
            name.rsplit(".", 1)[-1] for s in unit.project.python.values() for name in s.launchers
        )
        self.wrapped = self.project_calls.wrapped_launches
        self._direct()
        self._local_launchers()
        known = len(self.calls)
        for call, names in self.module.calls.items():
            launcher = (
                self._local(call.func, call)
                or self._project(call.func, names)
                or self._through_graph(call)
            )
            if launcher is not None and call not in self.calls:
                self._add(call, launcher.label, launcher)
        while len(self.calls) > known:  # and those whose body runs one of the steps just
            # found, and the calls of those (a closure `attempt()` that calls a method
            # the graph found a step), to a fixed point
            known = len(self.calls)
            self._local_launchers()
            for call in self.module.calls:
                launcher = self._local(call.func, call) if call not in self.calls else None
                if launcher is not None:
                    self._add(call, launcher.label, launcher)

    def _add(
        self,
        call: ast.Call,
        label: str,
        launcher: Launcher | None = None,
        checked: bool = False,
        named: bool = False,
        profile: AgentProfile | None = None,
        flag: SuccessFlag | None = None,
        status_item: int | None = None,
    ) -> None:
        profile = launcher.profile if launcher is not None else profile
        process = launcher.process if launcher is not None else profile is not None
        flag = launcher.flag if launcher is not None else flag
        item = launcher.status_item if launcher is not None else status_item
        named = launcher.named if launcher is not None else named
        self.calls[call] = StepCall(
            call, label, process, checked, named, profile, launcher, flag, item
        )

    def related(self, step: StepCall) -> tuple[RelatedLocation, ...]:
        """Where the step is called (or named), and where its launcher is defined."""
        what = "is called here" if step.call in self.calls else "is re-run from here"
        found = [self._located(step.call, f"{step.label} {what}")]
        launcher = step.launcher
        if launcher is not None:
            where = launcher.where
            doing = "launches the agent" if launcher.process else "runs an agent step"
            message = f"{launcher.label.rstrip('()`')}` {doing}"
            if isinstance(where, RelatedLocation):
                found.append(where)
            elif isinstance(where, Function):
                found.append(self._located_name(where, message))
            else:
                found.append(self._located(where, message))
        return tuple(found)

    def _located(self, node: ast.AST, message: str) -> RelatedLocation:
        span = self.module.source.span(*self.module.span(node))
        return RelatedLocation(self.module.source.path, span, message)

    def _located_name(self, function: Function, message: str) -> RelatedLocation:
        """Where a function's name is written (`ast` gives the whole `def` only)."""
        text = self.module.source.text
        start, end = self.module.span(function)
        keyword = text.find("def", start, end)
        name = text.find(function.name, keyword + 3, end) if keyword >= 0 else -1
        if name < 0:
            return self._located(function, message)
        span = self.module.source.span(name, name + len(function.name))
        return RelatedLocation(self.module.source.path, span, message)

    def _direct(self) -> None:
        """Agent process launches, step functions and step methods."""
        launches = {(c.start, c.end): c for c in self.unit.agent_status().calls}
        looks_up = may_look_up_tool(self.module.source.text)  # (a registry's tool: `runs_tool`)

        for call, names in self.module.calls.items():
            via = self.wrapped.get(call)  # `run_command(argv)`: launches what it is given
            if names & PROCESS_CALLS or via is not None:
                agent = launches.get(self.module.span(call)) if launches else None
                if agent is not None:
                    raising = any(checked_call(name, call) for name in names)
                    checked = raising or _keyword_true(call, "check")
                    given = via.argument if via is not None else None
                    words = _argv_words(self.module, call, given)
                    profile = agent.codes.agent
                    if profile is not None and profile.reads_only(words):
                        continue  # `aider --chat-mode ask`: it changes nothing, no step
                    named = self.steps.named_session(words)
                    flag, item = returned_value(via.returns if via is not None else None)
                    if via is not None:  # it reads the status, and returns none of it
                        checked = via.parameter.status == "read" and via.returns is None
                    label = f"`{agent.label}`"
                    self._add(call, label, None, checked, named, profile, flag, item)
                continue
            func = call.func
            method = isinstance(func, ast.Attribute) and self._step_method(call, func)
            if method or (
                self.steps.is_step_function(names) and not gives_no_tools(self.module, call)
            ):
                shown = dotted_name(func) or (func.attr if isinstance(func, ast.Attribute) else "")
                self._add(call, f"`{shown or 'step'}()`")
            elif looks_up and self._looked_up_tool(call):
                shown = dotted_name(func) or ast.unparse(func)  # (`self.tools[name]`)
                shown = shown if len(shown) <= 40 else f"{shown[:37]}..."
                self._add(call, f"the tool `{shown}()`")

    def _looked_up_tool(self, call: ast.Call) -> bool:
        """Whether a call runs a tool an agent chose by name, whatever it does: one taken
        from the program's tool registry by a name known only at run time
        (`self.tools[name](**args)`, `tool = self._tool_map.get(call.name)` then
        `tool.execute(…)`, `await registry.get_tool(step.tool)`)."""
        scope = self.module.scope_of(call)

        def assigned(name: ast.Name) -> list[ast.expr]:
            bindings = self.module.bindings.get((scope, name.id), [])
            values = [b.value for b in bindings if b.kind == "assign"]
            return values if len(values) == len(bindings) else []

        return runs_tool(call, assigned)

    def _step_method(self, call: ast.Call, func: ast.Attribute) -> bool:
        """`x.execute(…)` where `x` is a value of a step class: `ToolUse(…).execute()`,
        `for x in ToolUse.iter_from_content(…)`, `x = ToolUse(…)`, `x: ToolUse`."""
        classes = {c for c, m in self.steps.methods if m == func.attr}
        receiver = func.value
        if not classes or _mentions(receiver, classes):
            return bool(classes)
        if isinstance(receiver, ast.Attribute):  # `self.session = …(ClientSession(…))`
            values = attribute_values(self.module, class_attributes(self.module.tree), receiver)
            made = [v for v in values if _mentions(v, classes)]
            return self._tools_given(made) or (not made and self._declared(receiver, classes))
        if not isinstance(receiver, ast.Name):
            return False
        scope = self.module.scope_of(call)
        bindings = self.module.bindings.get((scope, receiver.id), [])
        made = [binding.value for binding in bindings if _mentions(binding.value, classes)]
        if made:
            return self._tools_given(made)
        if any(self._factory_made(binding.value, classes) for binding in bindings):
            return True
        if any(
            _typed_as(binding.at.annotation, classes, item=False)  # `client: Client = …`
            if isinstance(binding.at, ast.AnnAssign)
            else self._declared(binding.value, classes)
            for binding in bindings
        ):
            return True
        current = self.module.parent(call)
        while current is not None:
            if isinstance(current, ast.For | ast.AsyncFor):
                target = current.target
                if isinstance(target, ast.Name) and target.id == receiver.id:
                    return _mentions(current.iter, classes)
            if isinstance(current, Function):
                arguments = current.args
                every = (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
                given = [p for p in every if p.arg == receiver.id]
                if given or self.module.bindings.get((current, receiver.id)):
                    return any(
                        p.annotation is not None and _mentions(p.annotation, classes) for p in given
                    )
                # (a closure's free name: the enclosing function's, `tool: BaseTool`)
            current = self.module.parent(current)
        return False

    def _factory_made(self, value: ast.expr, classes: set[str]) -> bool:
        """Whether a value is what a call of a function of the module gives, which says it
        returns a value of a class of `classes` (`-> ClaudeSDKClient`) or returns one it
        makes (`client = ClaudeSDKClient(options=…)`, then `return client`), and may run
        tools (`client = await _get_client(cwd)`)."""
        if isinstance(value, ast.Await):
            value = value.value
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)):
            return False
        scope = self.module.scope_of(value)
        if self.module.bindings.get((scope, value.func.id)) or (
            isinstance(scope, Function) and value.func.id in parameter_names(scope)
        ):
            return False  # a local or a parameter of that name, not the module's function
        function = top_functions(self.module.tree).get(value.func.id)
        if function is None:
            return False
        made = []
        for returned in returned_values(function):
            held = (
                self.module.bindings.get((function, returned.id), [])
                if isinstance(returned, ast.Name)
                else []
            )
            values = [b.value for b in held] if held else [returned]
            made += [v for v in values if _mentions(v, classes)]
        if made:
            return self._tools_given(made)
        return function.returns is not None and _typed_as(function.returns, classes, item=False)

    def _declared(self, value: ast.expr, classes: set[str]) -> bool:
        """Whether a value is read from an attribute of the instance whose type its class
        (or a base) declares as a class of `classes`: `self.client` (`client: Client |
        None`), or an item of a container attribute (`self.clients[key]`,
        `self.clients.get(key)` with `clients: dict[str, Client]`)."""
        if isinstance(value, ast.Await):
            value = value.value
        item = isinstance(value, ast.Subscript)
        if isinstance(value, ast.Subscript):
            value = value.value
        elif isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
            item = value.func.attr in ("get", "pop")
            value = value.func.value if item else value
        owner = enclosing_class(self.module, value)
        if not isinstance(value, ast.Attribute) or dotted_name(value.value) != "self" or not owner:
            return False
        declared = class_attributes(self.module.tree).declared(value.attr, owner.name)
        return any(_typed_as(a, classes, item=item) for a in declared)

    def _tools_given(self, made: list[ast.expr]) -> bool:
        """Whether a value made of a step class may run tools: one made, and not every
        one a client made with options that give it no tool (it only answers)."""
        return bool(made) and not all(
            isinstance(value, ast.Call) and gives_no_tools(self.module, value) for value in made
        )

    def _local_launchers(self) -> None:
        """Functions of this module whose body runs a step, to a fixed point. A function
        that launches what its parameter is given (`run_command(cmd)`) is no launcher by
        that launch: each call of it launches the agent only where it is given one (a
        launch through `wrapped`)."""
        marks: list[tuple[ast.AST, bool, AgentProfile | None, bool]] = [
            (step.call, step.process, step.profile, step.named_session)
            for step in self.calls.values()
            if not self._given_launch(step.call)
        ]
        while marks:
            unnamed = {id(self.module.scope_of(node)) for node, *_, named in marks if not named}
            loose = {id(self.module.scope_of(node)) for node, *_ in marks if not self._kept(node)}
            for node, process, profile, _ in marks:
                scope = self.module.scope_of(node)
                if not isinstance(scope, Function) or self._known(scope):
                    continue
                name = _qualname(self.module, scope)
                label = f"`{(name or scope.name).rsplit('.', 1)[-1]}()`"
                flag, item = self._returned_flag(name)
                named = id(scope) not in unnamed
                status = self.project_calls.returns_status(name)
                kept = id(scope) not in loose
                launcher = Launcher(label, process, profile, scope, flag, named, item, status, kept)
                if name is None:
                    self.nested[scope] = launcher
                else:
                    self.launchers[name] = launcher
            marks = []
            for call in self.module.calls:
                found = self._local(call.func, call)
                scope = self.module.scope_of(call)
                if found is not None and isinstance(scope, Function) and not self._known(scope):
                    marks.append((call, found.process, found.profile, found.named))

    def _kept(self, node: ast.AST) -> bool:
        """Whether a failure of a run (raised while or after it runs) stays in its function:
        the run is in the body of a `try` with a clause that catches every failure and
        raises nowhere, after which (its `else` and `finally` too) the function only
        returns a plain value."""
        current, parent = node, self.module.parent(node)
        while parent is not None and not isinstance(parent, Function):
            if (
                isinstance(parent, ast.Try)
                and any(current is s for s in parent.body)
                and any(keeps_failure(h, self.steps.blanket_exceptions) for h in parent.handlers)
            ):
                after = [*parent.orelse, *parent.finalbody, *statements_after(self.module, parent)]
                return all(_plain_return(statement) for statement in after)
            current, parent = parent, self.module.parent(parent)
        return False

    def _returned_flag(self, name: str | None) -> tuple[SuccessFlag | None, int | None]:
        """Where what a function of this module returns says how its run went: by its
        module's summary, else by the call graph (a status its module could not tell, of
        a launcher of another module: `GraphLaunchers.returns`)."""
        flag, item = self.project_calls.returned_flag(name)
        own, summary = self.unit.own_summary()
        known = flag is not None or item is not None or name is None or own is None
        if known or not self.module.project or not summary.status_verdicts:
            return flag, item
        found = self._graph_launchers.get(f"{own}.{name}")
        return returned_value(found.returns) if found is not None else (None, None)

    def _given_launch(self, call: ast.AST) -> bool:
        """Whether a process call is the launch its function's parameter reaches
        (`PythonSummary.launch_parameters`): it runs whatever the function is given."""
        scope = self.module.scope_of(call)
        name = _qualname(self.module, scope) if isinstance(scope, Function) else None
        parameter = self.unit.own_summary()[1].launch_parameters.get(name or "")
        return (
            parameter is not None
            and isinstance(call, ast.Call)
            and call.lineno in parameter.lines
            and bool(self.module.calls.get(call, frozenset()) & LAUNCH_CALLS)
        )

    def _known(self, function: Function) -> bool:
        """Whether a function is already known to be a launcher."""
        name = _qualname(self.module, function)
        return function in self.nested if name is None else name in self.launchers

    def _nested_launcher(self, name: str, at: ast.AST) -> Launcher | None:
        """A launcher defined, as `name`, in a function around `at`."""
        for function, launcher in self.nested.items():
            if function.name != name:
                continue
            owner = self.module.scope_of(function)
            current = self.module.parent(at)
            while current is not None and current is not owner:
                current = self.module.parent(current)
            if current is not None and isinstance(owner, Function):
                return launcher
        return None

    def _local(self, func: ast.expr, at: ast.AST) -> Launcher | None:
        """A launcher of this module that `func` names (`run_agent`, `self.run_agent`)."""
        if isinstance(func, ast.Name):
            return self.launchers.get(func.id) or self._nested_launcher(func.id, at)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            owner = func.value.id
            if owner in ("self", "cls"):
                scope = self.module.scope_of(at)
                qualname = _qualname(self.module, scope) if scope is not self.module.tree else None
                owner = qualname.split(".")[0] if qualname and "." in qualname else owner
            found = self.launchers.get(f"{owner}.{func.attr}")
            if found is not None:
                return found
        if isinstance(func, ast.Attribute) and isinstance(at, ast.Call):
            # a method of a base or a subclass (a mixin's `self._execute()`), here or imported
            return self.project_calls.hierarchy_launcher(at, self.launchers)
        return None

    def _given_function(self, call: ast.Call) -> bool:
        """Whether `call` calls a parameter of the function it is in (`step(*args)`)."""
        scope = self.module.scope_of(call)
        if not isinstance(call.func, ast.Name) or not isinstance(scope, Function):
            return False
        arguments = scope.args
        names = (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
        return any(a.arg == call.func.id for a in names)

    def _through_graph(self, call: ast.Call) -> Launcher | None:
        """A launcher of the tree the project call graph says this call runs (through a
        relative import, a re-export, a constructor's instance, an override)."""
        project, module = self.module.project, self.module
        function = module.scope_name(module.scope_of(call))  # nested ones too (`run.attempt`)
        if project is None or function is None:
            return None
        own = self.unit.own_summary()[0]
        # a step its callers hand a module's retry helper (`with_retry(run_claude, p)`): the
        # call handing it re-runs it, and is reported, as a decorator's application is
        # (a method of a class is one through its class: a static or class method)
        scope = module.scope_of(call)
        level = "." not in function or (isinstance(scope, Function) and takes_no_instance(scope))
        helper = level and function in self.unit.own_summary()[1].retry_helpers
        given = self._graph_launchers.site(f"{own}.{function}", call.lineno, call.col_offset)
        if given is not None and not (helper and given[3]):
            # `func(*args)`, given `subprocess.run, [agent argv]` or a step by a caller
            path, line, column, step = given
            span = Span(Position(line, column), Position(line, column))
            what = (
                f"`{step}`, an agent step, is"
                if step
                else "a process call and the agent's argv are"
            )
            where = RelatedLocation(path, span, f"{what} given here")
            return returned_launcher(dotted_name(call.func) or "call", where, None)
        run = isinstance(call.func, ast.Attribute) and call.func.attr in self.steps.agent_runs
        made = (
            self._graph_launchers.agent_made(f"{own}.{function}", call.lineno, call.col_offset)
            if run
            else None
        )  # (`agent.invoke(x).get(…)` starts where the run does: only the run is one)
        if made is not None:  # `agent.stream(…)`, a library's agent object
            path, line, column, resumes = made
            span = Span(Position(line, column), Position(line, column))
            where = RelatedLocation(path, span, "the agent and its tools are made here")
            shown = dotted_name(call.func) or "agent"
            return Launcher(f"`{shown}()`", False, None, where, named=resumes)
        if helper and self._given_function(call):
            return None
        for owner, qualname in project.callees(function, call.lineno, call.col_offset):
            summary = self.unit.project.python.get(owner)
            if summary is None:
                continue
            position = summary.launchers.get(qualname)
            returns = summary.returns.get(qualname)
            found = None
            if position is None:  # one the graph finds: it runs one through other calls
                found = self._graph_launchers.get(f"{owner}.{qualname}")
                # a function defined in another is its module's own launcher where it is
                # called by name, and a call that hands it to a retry helper re-runs it
                # (reported there); any other function calling what it is given runs it
                # here
                nested = qualname.rpartition(".")[0]
                defined = f"{owner}.{nested}" in self._graph_launchers.graph.functions
                if found is None or (defined and owner == own):
                    continue
                position, returns = (found.line, found.column), found.returns
            line, column = position
            last = qualname.rsplit(".", 1)[-1]
            span = Span(Position(line, column), Position(line, column + len(last)))
            if found is not None and found.agent_object:
                where = RelatedLocation(summary.path, span, f"`{qualname}` runs an agent")
                return Launcher(f"`{last}()`", False, None, where, named=found.resumes)
            where = RelatedLocation(summary.path, span, f"`{qualname}` launches the agent")
            return returned_launcher(last, where, returns)
        return None

    @functools.cached_property
    def _graph_launchers(self) -> GraphLaunchers:
        """The tree's launchers by the call graph (`auditor.python.model.graph_launchers`)."""
        from auditor.python.model.call_graph import call_graph

        catalog = self.unit.catalog
        agents = frozenset(n for p in catalog.profiles for n in p.commands)
        graph = call_graph(self.unit.project)
        return graph_launchers(
            graph,
            PROCESS_CALLS,
            agents,
            catalog.read_only_options(),
            catalog.session_options(),
            self.steps.functions,
            self.steps.agent_runs,
        )

    def _project(self, func: ast.expr, names: Iterable[str]) -> Launcher | None:
        """A launcher of another module of the audited tree, through the project index."""
        dotted = dotted_name(func) or ""
        head, _, rest = dotted.partition(".")
        qualified = set(names)
        if head in self.aliases:
            qualified.add(f"{self.aliases[head]}.{rest}" if rest else self.aliases[head])
        if not any(name.rsplit(".", 1)[-1] in self.launcher_names for name in qualified):
            return None
        modules = module_names(self.unit.project.python)
        for name in sorted(qualified):
            parts = name.split(".")
            for cut in range(len(parts) - 1, 0, -1):
                found = modules.summary(".".join(parts[:cut]), self.unit.source.path)
                summary = found[1] if found else None
                qualname = ".".join(parts[cut:])
                position = summary.launchers.get(qualname) if summary else None
                if summary is None or position is None:
                    continue
                line, column = position
                span = Span(Position(line, column), Position(line, column + len(parts[-1])))
                where = RelatedLocation(summary.path, span, f"`{qualname}` launches the agent")
                return returned_launcher(parts[-1], where, summary.returns.get(qualname))
        return None

    def reference(self, node: ast.expr) -> StepCall | None:
        """The step a function reference names (`retry(...)(execute_gptme)`), if any: also
        the call a lambda makes (`with_retry(lambda: self._attempt(p))`), and the function
        `functools.partial` binds."""
        if isinstance(node, ast.Lambda):  # the first call in its body that is a step
            calls = (c for c in descendants(node.body) if isinstance(c, ast.Call))
            return next(
                (step for c in calls if (step := self.calls.get(c) or self.reference(c.func))),
                None,
            )
        if isinstance(node, ast.Call) and dotted_name(node.func) in _PARTIAL and node.args:
            return self.reference(node.args[0])
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


_PARTIAL = frozenset({"partial", "functools.partial"})


def _typed_as(annotation: ast.expr, names: set[str], *, item: bool) -> bool:
    """Whether an annotation declares a value of a class of `names` (`Client`, `Client |
    None`), or with `item` a container's values (`dict[str, Client]`): the model's
    readers of annotations (`annotation_names`, `item_names`) give the classes."""
    found = item_names(annotation) if item else annotation_names(annotation)
    return any(name.rsplit(".", 1)[-1] in names for name in found)


def _mentions(node: ast.AST, names: set[str]) -> bool:
    """Whether an expression names one of `names` (`ToolUse`, `tools.ToolUse`): as a name,
    an attribute, a keyword or a lambda's parameter."""
    for n in descendants(node):
        word: str | None = None
        if isinstance(n, ast.Name):
            word = n.id
        elif isinstance(n, ast.Attribute):
            word = n.attr
        elif isinstance(n, ast.keyword | ast.arg):
            word = n.arg
        if word in names:
            return True
    return False


def _qualname(module: PythonModule, node: ast.AST) -> str | None:
    """`f` or `Class.method` for a function of the module or of a top-level class."""
    names: list[str] = []
    current: ast.AST | None = node
    while current is not None:
        if isinstance(current, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.insert(0, current.name)
            if isinstance(current, Function) and len(names) > 1:
                return None  # a function defined inside a function
        current = module.parent(current)
    return ".".join(names) or None


def _keyword_true(call: ast.Call, name: str) -> bool:
    return is_true(keyword_argument(call, name))


def _argv_words(
    module: PythonModule, call: ast.Call, given: ast.expr | None = None
) -> list[str | None]:
    """The words of a launch's argv or command string (`given`: what a call passes a
    function that launches it), as far as they resolve."""
    from auditor.python.model.strings import Resolver

    resolver = Resolver(module, positions=False)
    keywords = ("args", "cmd", "command")
    first = next((a for a in call.args if not isinstance(a, ast.Starred)), None) or next(
        (k.value for k in call.keywords if k.arg in keywords), None
    )
    first = given or first
    words = resolver.words(first) if first is not None else None
    if words is not None:
        return [w.text for w in words]
    text = resolver.text(first) if first is not None else None
    return (split_command(text.text) or []) if text is not None else []


def find_steps(unit: PythonUnit, steps: StepCatalog | None = None) -> Steps | None:
    """The step calls of a parsed module (None if it did not parse)."""
    return Steps(unit, steps or default_steps()) if unit.module is not None else None


def _plain_return(statement: ast.stmt) -> bool:
    """A statement that cannot fail: `pass`, or `return` of nothing, a name or a literal."""
    if isinstance(statement, ast.Return):
        return statement.value is None or isinstance(statement.value, ast.Name | ast.Constant)
    return isinstance(statement, ast.Pass)
