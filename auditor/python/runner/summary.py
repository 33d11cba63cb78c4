"""The cross-module summary of one Python file, from the stdlib `ast` (fast, positions only).

This feeds the project index (auditor/project.py); the per-file analysis
reads the same `ast` (auditor/python/model/module.py). Nothing here imports or runs
the audited code.

Launchers are functions and methods whose body starts an agent process
(an argv or command string whose program, after wrappers, is an agent) or
calls a step callable, directly or through another launcher of the module.
Retry decorators (`auditor.python.runner.retry_decorators`) are functions whose
wrapper calls the wrapped function in a loop and goes on after catching
(`retry_on_overloaded`).
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterable, Mapping

from auditor.profiles import AgentCatalog, default_catalog
from auditor.project import RAISES, LaunchParameter, PythonSummary, RetriedUse
from auditor.python.model.ast_values import (
    Function,
    dotted_name,
    given_default,
    import_origin,
    module_constants,
    module_statements,
    own_nodes,
    shell_command,
)
from auditor.python.model.choices import Choices
from auditor.python.model.class_attributes import ClassAttributes, class_attributes
from auditor.python.model.parse import parse_module
from auditor.python.model.prefilter import PROCESS_WORDS
from auditor.python.model.value_calls import (
    PATH_METHODS,
    lookup_default,
    passes_through,
)
from auditor.python.runner.agent_options import given_options, options_give_no_tools
from auditor.python.runner.agent_words import (
    argv_agent,
    argv_runs_agent,
    command_agent,
    command_runs_agent,
    split_command,
)
from auditor.python.runner.graph_facts import module_graph_facts
from auditor.python.runner.launch_facts import (
    LaunchFacts,
    class_bases,
    compares_with_zero,
    import_table,
    module_functions,
)
from auditor.python.runner.retry_decorators import retry_decorator_details
from auditor.python.runner.sdk_catalog import default_sdk
from auditor.python.runner.status_tests import tests_own_status
from auditor.python.runner.steps import (
    PROCESS_CALLS,
    StepCatalog,
    default_steps,
    may_look_up_tool,
    runs_tool,
)

_SHELL_STRING = frozenset({"os.system", "os.popen", "asyncio.create_subprocess_shell"})
_VARARGS = frozenset({"asyncio.create_subprocess_exec", "os.execlp", "os.execl"})
_LAUNCH = PROCESS_CALLS | _SHELL_STRING | _VARARGS | {"os.execvp", "os.execv", "pty.spawn"}
_NONE: Mapping[str, LaunchParameter] = {}


class _Module:
    """One module's imports, functions and name bindings, for launcher detection."""

    def __init__(
        self,
        tree: ast.Module,
        catalog: AgentCatalog,
        steps: StepCatalog,
        wrappers: Mapping[str, LaunchParameter] = _NONE,
    ) -> None:
        self.tree, self.catalog, self.steps = tree, catalog, steps
        self.wrappers = wrappers  # functions of the module whose parameter is launched
        self.looks_up_tools = False  # its text may take a tool from a registry by a name
        self.choices = Choices()  # which assignment each name follows (see `_binding`)
        self._bodies: dict[int, list[ast.AST]] = {}  # a scope's own nodes, walked once
        # a scope's names and the values its statements bind them to (`_local_value`)
        self._named_values: dict[int, dict[str, list[ast.expr]]] = {}
        self._texts: dict[int, str] = {}  # a scope's unparsed code, written once
        self.aliases: dict[str, str] = {}
        self.functions = module_functions(tree)
        self.qualnames = {id(function): name for name, function in self.functions.items()}
        self._attributes: ClassAttributes | None = None  # built at the first `obj.attr`
        self.imports(module_statements(tree))

    def imports(self, nodes: Iterable[ast.AST]) -> None:
        """Record the names `import`/`from … import` statements among `nodes` bind."""
        for node in nodes:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    head = alias.name.split(".", 1)[0]
                    self.aliases[alias.asname or head] = alias.name if alias.asname else head
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    self.aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"

    def qualified(self, func: ast.expr) -> str | None:
        dotted = dotted_name(func)
        if dotted is None:
            return None
        head, _, rest = dotted.partition(".")
        resolved = self.aliases.get(head, head)
        return f"{resolved}.{rest}" if rest else resolved

    def _unparsed(self, scope: ast.AST) -> str:
        """A scope's code as `ast.unparse` writes it (once per scope)."""
        if id(scope) not in self._texts:
            self._texts[id(scope)] = ast.unparse(scope)
        return self._texts[id(scope)]

    def _walked(self, scope: ast.AST) -> list[ast.AST]:
        if id(scope) not in self._bodies:
            self._bodies[id(scope)] = own_nodes(scope)
        return self._bodies[id(scope)]

    def _binding(self, name: str, scope: ast.AST, before: int) -> ast.expr | None:
        """A value assigned to `name` before a line, in `scope` or else the module: the
        last one, or (as `self.choices` picks) an earlier one that may reach the line too
        (assigned in another branch); a statement of the function's own body ends the
        search, as every later line runs after it."""
        for owner in (scope, self.tree):
            nodes = self._walked(owner) if owner is scope else module_statements(self.tree)
            body = getattr(owner, "body", [])
            found = sorted(
                (
                    n
                    for n in nodes
                    if isinstance(n, ast.Assign)
                    and n.lineno < before
                    and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)
                ),
                key=lambda n: n.lineno,
                reverse=True,
            )
            cut = next((i for i, n in enumerate(found) if any(n is b for b in body)), None)
            values = [n.value for n in found[: None if cut is None else cut + 1]]
            if values:
                return values[self.choices.pick((id(owner), name, before), len(values))]
        return None

    def words(self, node: ast.expr, scope: ast.AST, depth: int = 0) -> list[str | None] | None:
        """The words of an argv expression, as far as they are known."""
        if depth > 8:
            return None
        if isinstance(node, ast.List | ast.Tuple):
            return [
                None if isinstance(e, ast.Starred) else self.string(e, scope, depth + 1)
                for e in node.elts
            ]
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left = self.words(node.left, scope, depth + 1)
            return left + (self.words(node.right, scope, depth + 1) or [None]) if left else None
        if isinstance(node, ast.Name | ast.Attribute):
            value = self._value(node, scope)
            return self.words(value, scope, depth + 1) if value is not None else None
        if isinstance(node, ast.Call) and node.args and self.qualified(node.func) == "shlex.split":
            command = self.string(node.args[0], scope, depth + 1)  # a command kept as a string
            return split_command(command) if command is not None else None
        return None

    def _value(self, node: ast.Name | ast.Attribute, scope: ast.AST) -> ast.expr | None:
        """The value a name is bound to, or one the module's classes give an attribute of a
        named object (as `self.choices` picks; `auditor.python.model.attribute_values`)."""
        if isinstance(node, ast.Name):
            bound = self._binding(node.id, scope, node.lineno)
            return bound if bound is not None else self._default(node)
        if self._attributes is None:
            self._attributes = class_attributes(self.tree)
        attributes, receiver = self._attributes, node.value
        if not isinstance(receiver, ast.Name):
            return None  # a chain (`self.config.path`) is followed per file only
        owner = self.qualnames.get(id(scope), "")
        owners = attributes.owners(
            receiver,
            method_class=owner.split(".")[0] if "." in owner else None,
            bound=self._binding(receiver.id, scope, node.lineno),
            imported=receiver.id in self.aliases,
            function=scope if isinstance(scope, Function) else None,
        )
        values = attributes.read(node.attr, owners) if owners != [] else []
        return values[self.choices.pick(id(node), len(values))] if values else None

    def _default(self, name: ast.Name) -> ast.expr | None:
        """The default of the parameter a name is, in the innermost function holding it
        (`self.binary = binary` in `__init__(self, binary="claude")`)."""
        holders = [
            function
            for function in self._with_parameter.get(name.id, ())
            if function.lineno <= name.lineno <= (function.end_lineno or function.lineno)
        ]
        innermost = max(holders, key=lambda function: function.lineno, default=None)
        return given_default(innermost, name.id) if innermost is not None else None

    @functools.cached_property
    def _with_parameter(self) -> dict[str, list[Function]]:
        """The module's functions by the names of their parameters (made once)."""
        found: dict[str, list[Function]] = {}
        for function in self.functions.values():
            arguments = function.args
            every = (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
            for argument in every:
                found.setdefault(argument.arg, []).append(function)
        return found

    def string(self, node: ast.expr, scope: ast.AST, depth: int = 0) -> str | None:
        """The value of a string expression, if it is known (an f-string's fixed start)."""
        if depth > 8:
            return None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.JoinedStr):
            head = node.values[0] if node.values else None
            if isinstance(head, ast.Constant) and isinstance(head.value, str):
                return head.value + "\0"  # an unknown rest follows
            return None
        if isinstance(node, ast.Call) and node.args:
            name = self.qualified(node.func)
            if passes_through(name) or (name and name.endswith("Path")):
                return self.string(node.args[0], scope, depth + 1)
        call = node if isinstance(node, ast.Call) else None
        default = lookup_default(call, {self.qualified(call.func) or ""}) if call else None
        if default is not None:
            return self.string(default, scope, depth + 1)
        method = node.func if isinstance(node, ast.Call) and not node.args else None
        if isinstance(method, ast.Attribute) and method.attr in PATH_METHODS:
            return self.string(method.value, scope, depth + 1)
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            return self.string(node.values[0], scope, depth + 1)
        if isinstance(node, ast.Name | ast.Attribute):
            value = self._value(node, scope)
            if value is None:  # a configured path named for its agent (`config.claude_path`)
                return self.catalog.named_program(
                    node.id if isinstance(node, ast.Name) else node.attr
                )
            return self.string(value, scope, depth + 1)
        return None

    def _agent(self, words: list[str | None]) -> bool:
        return argv_runs_agent(words, self.catalog)

    def _command(self, text: str) -> bool:
        return command_runs_agent(text, self.catalog)

    def launches(self, call: ast.Call, scope: ast.AST) -> bool:
        """Whether a call starts an agent process or runs a step, with any of the values
        its argv can have."""
        return any(self.choices.each(functools.partial(self._launches, call, scope)))

    def _launches(self, call: ast.Call, scope: ast.AST) -> bool:
        if self.looks_up_tools and runs_tool(
            call, lambda n: [v] if (v := self._local_value(n, scope)) else []
        ):
            return True  # a tool the agent chose, from the program's registry
        name = self.qualified(call.func)
        if name is None:
            return False
        if name in self.steps.functions:
            return not self._answers_only(call, scope)
        if isinstance(call.func, ast.Attribute):
            for cls, method in self.steps.methods:
                if call.func.attr == method and re.search(rf"\b{cls}\b", self._unparsed(scope)):
                    receiver = call.func.value
                    made = self._local_value(receiver, scope) if receiver else None
                    return not (isinstance(made, ast.Call) and self._answers_only(made, scope))
        wrapper = self._wrapper(call, scope)
        if wrapper is not None:
            return self._wrapped(call, wrapper, scope)
        started = self._started(call, scope, name) if name in _LAUNCH else None
        return started is not None and not self._reads_only(call, scope, started)

    def _answers_only(self, call: ast.Call, scope: ast.AST) -> bool:
        """Whether an agent SDK query (or the client a step method runs on) is given options
        that give the agent no tool (`agent_options.options_give_no_tools`), built in the
        call, in a name of its function or the module, or in an attribute the module's
        classes set (`self.options`): it only answers, and is no step."""
        options = given_options(call)
        if isinstance(options, ast.Name | ast.Attribute):  # (`scope`: the module's own
            # functions and methods, whose closures' names are theirs: `_local_value`)
            options = self._local_value(options, scope) or self._value(options, scope)
        return isinstance(options, ast.Call) and options_give_no_tools(options)

    def _local_value(self, node: ast.expr, scope: ast.AST) -> ast.expr | None:
        """What a name of the function is bound to, when one statement binds it (`x =
        …`, `with … as x`); else None."""
        if not isinstance(node, ast.Name):
            return None
        found = self._named_values.get(id(scope))
        if found is None:  # (each name's values, found in one walk of the scope)
            found = self._named_values[id(scope)] = {}
            for n in self._walked(scope):
                for target, value in _bindings(n):
                    if isinstance(target, ast.Name):
                        found.setdefault(target.id, []).append(value)
        values = found.get(node.id, ())
        return values[0] if len(values) == 1 else None

    def _reads_only(self, call: ast.Call, scope: ast.AST, program: str) -> bool:
        """Whether a launch of agent `program` puts it in a mode that changes nothing
        (`aider --chat-mode ask`): no step, as it repeats no side effect when run again."""
        profile = self.catalog.agent_for(program)
        if profile is None or not profile.read_only:
            return False
        first = _launched(call)
        words = self.words(first, scope) if first is not None else None
        return profile.reads_only(words or [])

    def agent_started(self, call: ast.Call, scope: ast.AST) -> str | None:
        """The program of the agent a call starts itself (`claude`), with the first values
        its argv can have that start one; None when it starts none."""
        name = self.qualified(call.func)
        if name not in _LAUNCH:
            return None
        found = self.choices.each(functools.partial(self._started, call, scope, name))
        return found[0] if found else None

    def _started(self, call: ast.Call, scope: ast.AST, name: str) -> str | None:
        """The agent's program a process call (`name`, a launch) starts, if one."""
        keywords = {k.arg: k.value for k in call.keywords if k.arg}
        first = _launched(call)
        if name in _VARARGS:  # each argument a word, a `*list` its words
            words: list[str | None] = []
            for arg in call.args:
                if isinstance(arg, ast.Starred):
                    words += self.words(arg.value, scope) or [None]
                else:
                    words.append(self.string(arg, scope))
            return argv_agent(words, self.catalog)
        if first is None:
            return None
        shell = keywords.get("shell")
        if name in _SHELL_STRING or (isinstance(shell, ast.Constant) and shell.value is True):
            text = self.string(shell_command(first), scope)
            return command_agent(text, self.catalog) if text is not None else None
        argv = self.words(first, scope)
        return argv_agent(argv, self.catalog) if argv is not None else None

    def _wrapper(self, call: ast.Call, scope: ast.AST) -> LaunchParameter | None:
        """The launch parameter of the function of this module a call runs, if it has one
        (`run_command(…)`, `self.run_command(…)`)."""
        callee = dotted_name(call.func) or ""
        owner = self.qualnames.get(id(scope), "")
        if callee.startswith(("self.", "cls.")) and "." in owner:
            callee = f"{owner.split('.')[0]}.{callee.split('.', 1)[1]}"
        return self.wrappers.get(callee)

    def _wrapped(self, call: ast.Call, wrapper: LaunchParameter, scope: ast.AST) -> bool:
        """Whether what a call gives a launch parameter runs an agent."""
        keywords = {k.arg: k.value for k in call.keywords if k.arg}
        positional = [a for a in call.args if not isinstance(a, ast.Starred)]
        argument = keywords.get(wrapper.name)
        if argument is None and 0 <= wrapper.position < len(positional):
            argument = positional[wrapper.position]
        if argument is None:
            return False
        if wrapper.form == "shell":
            text = self.string(argument, scope)
            return text is not None and self._command(text)
        if wrapper.form == "program":
            program = self.string(argument, scope)
            return program is not None and self._agent([program])
        argv = self.words(argument, scope)
        return argv is not None and self._agent(argv)


def _position(text_lines: list[str], function: Function) -> tuple[int, int]:
    """The 1-based line and character column of a function's name."""
    line = text_lines[function.lineno - 1] if function.lineno <= len(text_lines) else ""
    match = re.search(rf"\bdef\s+({re.escape(function.name)})\b", line)
    return function.lineno, (match.start(1) + 1 if match else 1)


def launchers(
    tree: ast.Module,
    text: str,
    catalog: AgentCatalog,
    steps: StepCatalog,
    wrappers: Mapping[str, LaunchParameter] = _NONE,
) -> tuple[dict[str, tuple[int, int]], _Module | None]:
    """Functions and methods that launch the agent or run a step, with their positions
    (`wrappers`: the module's functions whose parameter reaches a launch); and the module
    as read for them (None when nothing in it starts a process)."""
    modules = {n.split(".", 1)[0] for n in steps.functions} | {c for c, _ in steps.methods}
    tools = may_look_up_tool(text)  # (a tool taken from a registry by a name)
    if not tools and not any(word in text for word in (*PROCESS_WORDS, *modules)):
        return {}, None  # nothing here starts a process or runs a step
    called = {n.rsplit(".", 1)[-1] for n in steps.functions} | {m for _, m in steps.methods}
    markers = (*PROCESS_WORDS, *sorted(called))
    module = _Module(tree, catalog, steps, wrappers)
    module.looks_up_tools = tools
    lines = text.split("\n")
    sources = {
        name: "\n".join(lines[f.lineno - 1 : f.end_lineno]) for name, f in module.functions.items()
    }
    calls: dict[str, list[ast.Call]] = {}
    for name, function in module.functions.items():
        source = sources[name]
        wrapped = any(f"{n.rsplit('.', 1)[-1]}(" in source for n in wrappers)
        looks_up = tools and may_look_up_tool(source)
        if wrapped or looks_up or any(marker in source for marker in markers):
            body = own_nodes(function)
            module.imports(body)
            calls[name] = [n for n in body if isinstance(n, ast.Call)]
    found = {
        name
        for name, function in module.functions.items()
        if any(module.launches(call, function) for call in calls.get(name, ()))
    }
    pending = sorted(found)  # a function calling a launcher of this module is one too
    while pending:
        written = f"{pending.pop().rsplit('.', 1)[-1]}("  # how a call of it reads
        for name, source in sources.items():
            if name in found or written not in source:
                continue
            owner = name.split(".")[0] if "." in name else None
            if name not in calls:
                nodes = own_nodes(module.functions[name])
                calls[name] = [n for n in nodes if isinstance(n, ast.Call)]
            for call in calls[name]:
                callee = dotted_name(call.func) or ""
                if callee.startswith(("self.", "cls.")) and owner:
                    callee = f"{owner}.{callee.split('.', 1)[1]}"
                if callee in found:
                    found.add(name)
                    pending.append(name)
                    break
    return {name: _position(lines, module.functions[name]) for name in sorted(found)}, module


def status_agents(module: _Module, facts: LaunchFacts, returning: Iterable[str]) -> dict[str, str]:
    """Of the launchers that return how their run went (`returning`), those that start
    the agent themselves and tell no failure apart (`tests_own_status`, a run that raises
    when it fails), with the agent's program: a caller that drops what they return loses
    the run's status."""
    found: dict[str, str] = {}
    for qualname in returning:
        function = module.functions.get(qualname)
        if function is None or tests_own_status(function):
            continue
        body = own_nodes(function)
        module.imports(body)
        for call in (node for node in body if isinstance(node, ast.Call)):
            program = module.agent_started(call, function)
            if program is not None:
                if not facts.raises_on_failure(call):  # `check=True`: nothing to read
                    found[qualname] = program
                break
    return found


def _agent_names(catalog: AgentCatalog | None) -> frozenset[str]:
    return frozenset(n for p in (catalog or default_catalog()).profiles for n in p.commands)


def runs_something(text: str, steps: StepCatalog | None) -> bool:
    """Whether a module's text can start a process or run an agent step that raises when
    it fails (an Agent SDK `query`): its functions may return what the run said."""
    return any(word in text for word in PROCESS_WORDS) or any(
        f"{name.rsplit('.', 1)[-1]}(" in text and name.split(".", 1)[0] in text
        for name in (steps or default_steps()).functions
    )


def summarize_python(
    text: str,
    path: str,
    catalog: AgentCatalog | None = None,
    steps: StepCatalog | None = None,
    module: str | None = None,
    *,
    graph: bool = True,
    tree: ast.Module | None = None,
) -> PythonSummary:
    """The summary of one module (dotted name `module`, for the names it uses under retry
    decorators); a file that does not parse summarises to nothing. `tree`: the module
    parsed already (the audit's own parse), not parsed again."""
    if tree is None:
        try:
            tree = parse_module(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return PythonSummary(path)
    constants = module_constants(tree)
    steps = steps or default_steps()
    importing = import_origin(module, path)  # a package's `__init__.py`: one level in
    try:
        # a module that starts no process may still test what another module's run
        # returns (`status_verdicts`): its facts are read for that alone
        processes = runs_something(text, steps)
        facts = None
        if processes or compares_with_zero(text):
            facts = LaunchFacts(tree, text, import_table(tree, importing), steps.functions)
        wrappers = facts.parameters() if facts is not None and processes else {}
        found, read = launchers(tree, text, catalog or default_catalog(), steps, wrappers)
        details = retry_decorator_details(tree, constants, steps) if "except" in text else {}
        decorators = {name: d.attempts for name, d in details.items()}
        helpers = frozenset(name for name, d in details.items() if d.helper)
        errors = {
            name: tuple((test.kind, test.value) for test in d.errors.tests)
            for name, d in details.items()
            if not d.errors.every
        }
        parameters = {
            name: (d.parameter, -1 if d.position is None else d.position)
            for name, d in details.items()
            if d.parameter is not None
        }
        retried: tuple[RetriedUse, ...] = ()
        if module is not None and any(word in text for word in ("retry", "backoff", "stamina")):
            from auditor.python.runner.retried_imports import retried_imports

            retried = retried_imports(tree, text, importing or module, steps)
        links = (
            module_graph_facts(
                tree,
                module or "",
                steps,
                default_sdk(),
                text,
                _agent_names(catalog),
                importing,
                catalog or default_catalog(),
            )
            if graph
            else {}
        )
        returns = facts.returns() if facts is not None and processes else {}
        verdicts = facts.status_verdicts() if facts is not None and graph else {}
        # (one whose run raises when it fails returns nothing of it)
        returning = [name for name in found if returns.get(name, RAISES) != RAISES]
        agents = status_agents(read, facts, returning) if read and facts and returning else {}
    except RecursionError:
        return PythonSummary(path, constants=constants)
    return PythonSummary(
        path,
        found,
        decorators,
        constants,
        retried,
        helpers,
        errors,
        parameters,
        wrappers,
        returns,
        class_bases(tree, module),
        links,
        {name: d.catches for name, d in details.items()},
        agents,
        verdicts,
    )


def _bindings(node: ast.AST) -> list[tuple[ast.expr, ast.expr]]:
    """The (target, value) pairs a statement binds: `x = v`, `with v as x`."""
    if isinstance(node, ast.Assign):
        return [(target, node.value) for target in node.targets]
    if isinstance(node, ast.withitem) and node.optional_vars is not None:
        return [(node.optional_vars, node.context_expr)]
    return []


def _launched(call: ast.Call) -> ast.expr | None:
    """What a process call is given to run: its first argument, or its `args=` (`cmd=`)."""
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    return call.args[0] if call.args else keywords.get("args") or keywords.get("cmd")
