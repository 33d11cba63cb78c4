"""The cross-module summary of one Python file, from the stdlib `ast` (fast, positions only).

This feeds the project index (auditor/project.py); the per-file analysis
still runs on libcst. Nothing here imports or runs the audited code.

Launchers are functions and methods whose body starts an agent process
(an argv or command string whose program, after wrappers, is an agent) or
calls a step callable, directly or through another launcher of the module.
Retry decorators are functions whose wrapper calls the wrapped function in a
loop and goes on after catching (`retry_on_overloaded`).
"""

from __future__ import annotations

import ast
import re
import shlex
import warnings
from collections.abc import Iterable
from typing import NamedTuple

from auditor.profiles import AgentCatalog, default_catalog
from auditor.project import PythonSummary, RetriedUse
from auditor.python.prefilter import PROCESS_WORDS
from auditor.python.steps import PROCESS_CALLS, StepCatalog, default_steps
from auditor.shell.commands import strip_wrappers

_SHELL_STRING = frozenset({"os.system", "os.popen", "asyncio.create_subprocess_shell"})
_VARARGS = frozenset({"asyncio.create_subprocess_exec", "os.execlp", "os.execl"})
_LAUNCH = PROCESS_CALLS | _SHELL_STRING | _VARARGS | {"os.execvp", "os.execv", "pty.spawn"}
_PASS_THROUGH = frozenset({"shutil.which", "str", "os.fspath", "os.path.expanduser"})
_SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ksh"})
_COUNTERS = frozenset({"range", "itertools.count", "count"})  # loops that count attempts
Function = ast.FunctionDef | ast.AsyncFunctionDef


def _int_value(node: ast.expr, known: dict[str, int]) -> int | None:
    """The value of a constant integer expression: literals, names, + - * // **."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name):
        return known.get(node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _int_value(node.operand, known)
        return -inner if inner is not None else None
    if isinstance(node, ast.BinOp):
        left, right = _int_value(node.left, known), _int_value(node.right, known)
        if left is None or right is None:
            return None
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        if isinstance(node.op, ast.FloorDiv) and right:
            return left // right
        if isinstance(node.op, ast.Pow) and 0 <= right <= 16 and abs(left) <= 1024:
            return int(left**right)
    return None


def module_constants(tree: ast.Module) -> dict[str, int]:
    """Module-level `NAME = <integer expression>` assignments, in order."""
    constants: dict[str, int] = {}
    for statement in tree.body:
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(statement, ast.Assign):
            targets, value = statement.targets, statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            targets, value = [statement.target], statement.value
        if value is None:
            continue
        result = _int_value(value, constants)
        for target in targets:
            if isinstance(target, ast.Name) and result is not None:
                constants[target.id] = result
    return constants


def dotted_name(node: ast.expr) -> str | None:
    """`a.b.c` for a chain of names and attributes, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = dotted_name(node.value)
        return f"{head}.{node.attr}" if head else None
    return None


def _walk_body(node: ast.AST) -> list[ast.AST]:
    """Nodes inside a function or module, not inside the functions and classes it defines."""
    found: list[ast.AST] = []
    stack = list(ast.iter_child_nodes(node))
    while stack:
        current = stack.pop()
        found.append(current)
        if not isinstance(current, Function | ast.ClassDef | ast.Lambda):
            stack.extend(ast.iter_child_nodes(current))
    return found


class _Module:
    """One module's imports, functions and name bindings, for launcher detection."""

    def __init__(self, tree: ast.Module, catalog: AgentCatalog, steps: StepCatalog) -> None:
        self.tree, self.catalog, self.steps = tree, catalog, steps
        self.aliases: dict[str, str] = {}
        self.functions: dict[str, Function] = {}
        for statement in tree.body:
            if isinstance(statement, Function):
                self.functions[statement.name] = statement
            elif isinstance(statement, ast.ClassDef):
                for member in statement.body:
                    if isinstance(member, Function):
                        self.functions[f"{statement.name}.{member.name}"] = member
        self.imports(tree.body)

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

    def _binding(self, name: str, scope: ast.AST, before: int) -> ast.expr | None:
        """The last value assigned to `name` before a line, in `scope` or else the module."""
        for nodes in (_walk_body(scope), self.tree.body):
            found: ast.expr | None = None
            for node in sorted(
                (n for n in nodes if isinstance(n, ast.Assign) and n.lineno < before),
                key=lambda n: n.lineno,
            ):
                if any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                    found = node.value
            if found is not None:
                return found
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
        if isinstance(node, ast.Name):
            value = self._binding(node.id, scope, node.lineno)
            return self.words(value, scope, depth + 1) if value is not None else None
        return None

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
            if name in _PASS_THROUGH or (name and name.endswith("Path")):
                return self.string(node.args[0], scope, depth + 1)
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            return self.string(node.values[0], scope, depth + 1)
        if isinstance(node, ast.Name):
            value = self._binding(node.id, scope, node.lineno)
            return self.string(value, scope, depth + 1) if value is not None else None
        return None

    def _agent(self, words: list[str | None]) -> bool:
        """Whether argv words run an agent, directly or as a `sh -c` string."""
        clean = tuple(None if w is None or "\0" in w else w for w in words)
        start, _ = strip_wrappers(clean, self.catalog)
        program = clean[start] if start < len(clean) else None
        if program is None:
            return False
        if program.rsplit("/", 1)[-1] in _SHELLS and "-c" in clean[start:]:
            index = clean.index("-c", start)
            inner = words[index + 1] if index + 1 < len(words) else None
            return inner is not None and self._command(inner)
        return self.catalog.agent_for(program) is not None

    def _command(self, text: str) -> bool:
        known = text.split("\0")[0]
        try:
            words: list[str | None] = list(shlex.split(known.split(";")[0].split("|")[0]))
        except ValueError:
            words = list(known.split())
        return bool(words) and self._agent(words)

    def launches(self, call: ast.Call, scope: ast.AST) -> bool:
        """Whether a call starts an agent process or runs a step."""
        name = self.qualified(call.func)
        if name is None:
            return False
        if name in self.steps.functions:
            return True
        if isinstance(call.func, ast.Attribute):
            for cls, method in self.steps.methods:
                if call.func.attr == method and re.search(rf"\b{cls}\b", ast.unparse(scope)):
                    return True
        if name not in _LAUNCH:
            return False
        keywords = {k.arg: k.value for k in call.keywords if k.arg}
        first = call.args[0] if call.args else keywords.get("args") or keywords.get("cmd")
        if name in _VARARGS:
            words = [
                None if isinstance(a, ast.Starred) else self.string(a, scope) for a in call.args
            ]
            return self._agent(words)
        if first is None:
            return False
        shell = keywords.get("shell")
        if name in _SHELL_STRING or (isinstance(shell, ast.Constant) and shell.value is True):
            text = self.string(first, scope)
            return text is not None and self._command(text)
        argv = self.words(first, scope)
        return argv is not None and self._agent(argv)


def _position(text_lines: list[str], function: Function) -> tuple[int, int]:
    """The 1-based line and character column of a function's name."""
    line = text_lines[function.lineno - 1] if function.lineno <= len(text_lines) else ""
    match = re.search(rf"\bdef\s+({re.escape(function.name)})\b", line)
    return function.lineno, (match.start(1) + 1 if match else 1)


def launchers(
    tree: ast.Module, text: str, catalog: AgentCatalog, steps: StepCatalog
) -> dict[str, tuple[int, int]]:
    """Functions and methods that launch the agent or run a step, with their positions."""
    modules = {n.split(".", 1)[0] for n in steps.functions} | {c for c, _ in steps.methods}
    if not any(word in text for word in (*PROCESS_WORDS, *modules)):
        return {}  # nothing here starts a process or runs a step
    called = {n.rsplit(".", 1)[-1] for n in steps.functions} | {m for _, m in steps.methods}
    markers = (*PROCESS_WORDS, *sorted(called))
    module = _Module(tree, catalog, steps)
    lines = text.split("\n")
    sources = {
        name: "\n".join(lines[f.lineno - 1 : f.end_lineno]) for name, f in module.functions.items()
    }
    calls: dict[str, list[ast.Call]] = {}
    for name, function in module.functions.items():
        source = sources[name]
        if "self." in source or any(marker in source for marker in markers):
            body = _walk_body(function)
            module.imports(body)
            calls[name] = [n for n in body if isinstance(n, ast.Call)]
    found = {
        name
        for name, function in module.functions.items()
        if any(module.launches(call, function) for call in calls.get(name, ()))
    }
    changed = bool(found)
    while changed:  # a function calling a launcher of this module is one too
        changed = False
        for name, source in sources.items():
            if name in found or not any(f"{n.rsplit('.', 1)[-1]}(" in source for n in found):
                continue
            owner = name.split(".")[0] if "." in name else None
            if name not in calls:
                nodes = _walk_body(module.functions[name])
                calls[name] = [n for n in nodes if isinstance(n, ast.Call)]
            for call in calls[name]:
                callee = dotted_name(call.func) or ""
                if callee.startswith(("self.", "cls.")) and owner:
                    callee = f"{owner}.{callee.split('.', 1)[1]}"
                if callee in found:
                    found.add(name)
                    changed = True
                    break
    return {name: _position(lines, module.functions[name]) for name in sorted(found)}


def _reraises(handler: ast.ExceptHandler) -> bool:
    return any(isinstance(statement, ast.Raise) for statement in handler.body)


class RetryDecorator(NamedTuple):
    """A retry decorator written in a module: how many attempts, and what it catches."""

    name: str
    attempts: int | None  # with the factory's defaults
    parameter: str | None  # the factory parameter the attempt count comes from
    position: int | None  # that parameter's index among the positional ones
    blanket: bool  # it goes on after a bare `except`, `Exception` or `BaseException`
    catches: str  # "`except Exception`", for messages
    helper: bool = False  # it calls the function it is given (`retrying(fn)`), no wrapper


def _attempts(loop: ast.For | ast.While, known: dict[str, int]) -> tuple[int | None, str | None]:
    iterator = loop.iter if isinstance(loop, ast.For) else None
    if not isinstance(iterator, ast.Call) or dotted_name(iterator.func) != "range":
        return None, None
    if not iterator.args or len(iterator.args) > 2:
        return None, None
    stop = _int_value(iterator.args[-1], known)
    start = _int_value(iterator.args[0], known) if len(iterator.args) == 2 else 0
    names = [n.id for n in ast.walk(iterator.args[-1]) if isinstance(n, ast.Name)]
    attempts = stop - start if stop is not None and start is not None else None
    return attempts, (names[0] if names else None)


def _defaults(function: Function) -> dict[str, int]:
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    defaulted = positional[len(positional) - len(arguments.defaults) :]
    pairs = list(zip(defaulted, arguments.defaults, strict=True))
    pairs += [(a, d) for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True) if d]
    found: dict[str, int] = {}
    for arg, default in pairs:
        value = _int_value(default, {})
        if value is not None:
            found[arg.arg] = value
    return found


def _positional(function: Function) -> list[str]:
    return [a.arg for a in (*function.args.posonlyargs, *function.args.args)]


def retry_decorator_details(
    tree: ast.Module, constants: dict[str, int], steps: StepCatalog | None = None
) -> dict[str, RetryDecorator]:
    """Module-level functions that re-run a function after catching: decorators, whose
    wrapper does it, and helpers (`retrying(fn, tries=3)`) that do it themselves."""
    blanket_names = (steps or default_steps()).blanket_exceptions
    found: dict[str, RetryDecorator] = {}
    for statement in tree.body:
        if not isinstance(statement, Function):
            continue
        # A decorator defines its wrapper (`def wrapper`, or `def decorator` around it);
        # a helper calls one of its own parameters.
        if not _try_in_loop(statement):
            continue  # cheap: statements only, no expression is walked
        helper = not any(isinstance(inner, Function) for inner in statement.body)
        nodes = list(ast.walk(statement))
        functions = [n for n in nodes if isinstance(n, Function)]
        wrapped = {name for f in functions for name in _positional(f)}
        known = dict(constants)
        for function in functions:
            known.update(_defaults(function))
        for loop in (n for n in nodes if isinstance(n, ast.For | ast.While)):
            if helper and not _counts_attempts(loop, wrapped):
                continue  # `for item in items: try: fn(item)` goes through items, not retries
            handlers = [
                h
                for t in ast.walk(loop)
                if isinstance(t, ast.Try) and _calls_wrapped(t, wrapped)
                for h in t.handlers
                if not _reraises(h)
            ]
            if not handlers:
                continue
            attempts, parameter = _attempts(loop, known)
            parameters = _positional(statement)
            wide = [h for h in handlers if _catches_any(h, blanket_names)]
            shown = (wide or handlers)[0].type
            found[statement.name] = RetryDecorator(
                statement.name,
                attempts,
                parameter if parameter in parameters else None,
                parameters.index(parameter) if parameter in parameters else None,
                bool(wide),
                f"`except {ast.unparse(shown)}`" if shown else "a bare `except`",
                helper,
            )
            break
    return found


def _try_in_loop(function: Function) -> bool:
    """Whether a `try` runs inside a loop anywhere in a function (statements only)."""
    stack: list[tuple[ast.stmt, bool]] = [(s, False) for s in function.body]
    while stack:
        statement, in_loop = stack.pop()
        if isinstance(statement, ast.Try) and in_loop:
            return True
        inner = in_loop or isinstance(statement, ast.For | ast.AsyncFor | ast.While)
        for name in ("body", "orelse", "finalbody"):
            stack.extend((s, inner) for s in getattr(statement, name, ()))
        for handler in getattr(statement, "handlers", ()):
            stack.extend((s, inner) for s in handler.body)
    return False


def _counts_attempts(loop: ast.For | ast.While, wrapped: set[str]) -> bool:
    """Whether a loop repeats the same call: `while`, or `for` over `range(…)` or
    `itertools.count()` whose variable is not passed to the function it re-runs."""
    if isinstance(loop, ast.While):
        return True
    if not isinstance(loop.iter, ast.Call) or dotted_name(loop.iter.func) not in _COUNTERS:
        return False
    names = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
    calls = (
        n
        for n in ast.walk(loop)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in wrapped
    )
    arguments = (a for c in calls for a in (*c.args, *(k.value for k in c.keywords)))
    return not any(
        isinstance(n, ast.Name) and n.id in names for a in arguments for n in ast.walk(a)
    )


def _catches_any(handler: ast.ExceptHandler, blanket_names: frozenset[str]) -> bool:
    """Whether a handler catches any failure: a bare `except`, or `Exception` (or another
    blanket class) alone or in a tuple. A type runaudit cannot read does not count."""
    if handler.type is None:
        return True
    items = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    names = (dotted_name(item) for item in items)
    return any(name is not None and name.rsplit(".", 1)[-1] in blanket_names for name in names)


def _calls_wrapped(node: ast.Try, wrapped: set[str]) -> bool:
    calls = (n for s in node.body for n in ast.walk(s) if isinstance(n, ast.Call))
    return any(isinstance(c.func, ast.Name) and c.func.id in wrapped for c in calls)


def summarize_python(
    text: str,
    path: str,
    catalog: AgentCatalog | None = None,
    steps: StepCatalog | None = None,
    module: str | None = None,
) -> PythonSummary:
    """The summary of one module (dotted name `module`, for the names it uses under retry
    decorators); a file that does not parse summarises to nothing."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the audited code's SyntaxWarnings
            tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return PythonSummary(path)
    from auditor.python.nesting import shallow

    constants = module_constants(tree)
    steps = steps or default_steps()
    try:
        found = launchers(tree, text, catalog or default_catalog(), steps)
        details = retry_decorator_details(tree, constants, steps) if "except" in text else {}
        decorators = {name: d.attempts for name, d in details.items()}
        helpers = frozenset(name for name, d in details.items() if d.helper)
        retried: tuple[RetriedUse, ...] = ()
        if module is not None and any(word in text for word in ("retry", "backoff", "stamina")):
            from auditor.python.retried_imports import retried_imports

            retried = retried_imports(tree, module, steps)
    except RecursionError:
        return PythonSummary(path, constants=constants)
    return PythonSummary(path, found, decorators, constants, retried, shallow(tree, text), helpers)
