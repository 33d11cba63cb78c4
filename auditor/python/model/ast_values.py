"""The base of the Python model, on a stdlib `ast` tree: walks (`children`,
`descendants`, `walk`, `statements`), dotted names, constant integers,
assignments and class lineages.

Shared by the per-file model (auditor/python/model/module.py and the analyses on
it) and the project index's summaries, which read the same trees.
"""

from __future__ import annotations

import ast
import functools
from collections import deque
from collections.abc import Callable, Container, Iterator, Mapping

Function = ast.FunctionDef | ast.AsyncFunctionDef
Comprehension = ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp
MAX_BASES = 8  # classes walked up a hierarchy
# Fields never walked: the shared singletons `Load`, `Store`, `Add`, `Eq`…, and fields
# that hold names, flags and constants, never nodes.
_SKIPPED = frozenset({"ctx", "op", "ops", "id", "attr", "name", "asname", "arg", "module"})
_SKIPPED |= {"level", "kind", "conversion", "is_async", "type_comment", "simple", "rest", "tag"}
_LEAVES = (ast.Constant, ast.MatchSingleton)  # their `value` is a constant
# The fields that hold statements (an `except` clause's and a `case`'s hold more in theirs).
_STATEMENT_LISTS = ("body", "orelse", "finalbody", "handlers", "cases")
# The methods of the builtin containers and strings (`append`, `get`, `items`, `join`…): a
# call of one on a value of unknown class is most likely on one of them.
CONTAINER_METHODS = frozenset(
    name for kind in (list, dict, set, str, bytes) for name in dir(kind) if not name.startswith("_")
)
_FIELDS: dict[type, tuple[str, ...]] = {}
_STATEMENT_FIELDS: dict[type, tuple[str, ...]] = {}  # the statement lists a node type has


def children(node: ast.AST) -> list[ast.AST]:
    """A node's children in field order: `ast.iter_child_nodes` without the context and
    operator singletons, and without its generators (about twice as fast).

    Field order is source order for most nodes, not all (a function's decorators
    come after its body).
    """
    kind = type(node)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = (
            () if kind in _LEAVES else tuple(f for f in kind._fields if f not in _SKIPPED)
        )
    found: list[ast.AST] = []
    for name in names:
        value = getattr(node, name, None)
        if type(value) is list:
            found.extend([item for item in value if isinstance(item, ast.AST)])
        elif isinstance(value, ast.AST):
            found.append(value)
    return found


def descendants(root: ast.AST) -> Iterator[ast.AST]:
    """`root` and every node under it, in pre-order."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(children(node)))


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def own_nodes(scope: ast.AST, *, comprehensions: bool = True) -> list[ast.AST]:
    """The nodes of a function's (or module's) own scope: not inside the functions and
    classes it defines (their names are theirs; the definitions themselves are its),
    nor, without `comprehensions`, inside its comprehensions but their first `in`."""
    found: list[ast.AST] = []
    stack = children(scope)
    while stack:
        node = stack.pop()
        found.append(node)
        if not comprehensions and isinstance(node, Comprehension):
            stack.append(node.generators[0].iter)  # read in the scope around it
        elif not isinstance(node, _SCOPES):
            stack.extend(children(node))
    return found


def is_generator(function: Function) -> bool:
    """Whether calling a function makes a generator (its own body has a `yield`): a retry
    decorator around it retries the call that makes the generator, never what fails while
    it is iterated, so it retries nothing."""
    return any(isinstance(node, ast.Yield | ast.YieldFrom) for node in own_nodes(function))


def statements(root: ast.AST, *, definitions: bool = True) -> Iterator[ast.AST]:
    """The statements under `root`, nested ones too (in `except` clauses and `case`s,
    and in the functions and classes it defines unless `definitions` is false), in
    source order; expressions are not walked."""
    stack = list(reversed(statement_children(root)))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.stmt):
            yield node
            if not definitions and isinstance(node, Function | ast.ClassDef):
                continue
        stack.extend(reversed(statement_children(node)))


def module_statements(tree: ast.Module) -> list[ast.stmt]:
    """The statements that run in a module's own scope, in source order: its body and
    what a top-level `try`, `if`, `with` or loop holds (`try: import openai` then `class
    Client` under it binds a module name as one at the top does), not the bodies of its
    functions and classes."""
    return [s for s in statements(tree, definitions=False) if isinstance(s, ast.stmt)]


def statement_children(node: ast.AST) -> list[ast.AST]:
    """What a node holds in its statement lists (`except` clauses and `case`s too)."""
    kind = type(node)
    fields = _STATEMENT_FIELDS.get(kind)
    if fields is None:
        fields = _STATEMENT_FIELDS[kind] = tuple(f for f in _STATEMENT_LISTS if f in kind._fields)
    if not fields:
        return []  # most statements (`x = …`, `return …`) hold none
    found: list[ast.AST] = []
    for field in fields:
        found.extend(getattr(node, field))
    return found


_RECEIVERS = ("self.", "cls.")  # `except self.ERRORS`: what the instance's class gives
# HTTP libraries whose errors SDK clients wrap in their own (`httpx.HTTPStatusError`
# reaches the caller as `APIStatusError`): a class of theirs keeps its module in its name,
# so that no test of it is taken for a test of the SDK's failures.
TRANSPORT_MODULES = frozenset({"httpx", "httpcore", "requests", "aiohttp", "urllib3"})


def is_transport(name: str) -> bool:
    """Whether a class name (`class_names`) is an HTTP library's (`httpx.ConnectError`)."""
    return name.split(".", 1)[0] in TRANSPORT_MODULES and "." in name


def class_names(node: ast.expr | None) -> list[str]:
    """The exception classes an `except` or `isinstance` lists (`(A, b.B)`, `A | B`), last name
    component ("?": unread), an HTTP library's whole (`httpx.ConnectError`); an
    attribute of the instance or class (`except self.RETRY_ERRORS`) as written, for the
    class of each call path to give (`auditor.python.model.retry_reach`)."""
    if node is None:
        return []
    if isinstance(node, ast.Tuple | ast.List):
        return [c for e in node.elts for c in class_names(e)]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):  # `A | B`, a union
        return class_names(node.left) + class_names(node.right)
    dotted = dotted_name(node)
    if dotted is not None and dotted.count(".") == 1 and dotted.startswith(_RECEIVERS):
        return [dotted]
    if dotted is not None and is_transport(dotted):  # `requests.exceptions.HTTPError`
        return [f"{dotted.split('.', 1)[0]}.{dotted.rsplit('.', 1)[-1]}"]
    return [dotted.rsplit(".", 1)[-1]] if dotted else ["?"]


def block_of(parent: ast.AST | None, child: ast.AST) -> tuple[list[ast.stmt], int] | None:
    """The statement list of `parent` that holds `child` (its body, `else` or `finally`),
    and where `child` is in it; None when `child` is in none of them."""
    for field in ("body", "orelse", "finalbody"):
        listed = getattr(parent, field, None)
        if isinstance(listed, list):
            index = next((i for i, s in enumerate(listed) if s is child), None)
            if index is not None:
                return listed, index
    return None


def parameter_names(function: Function) -> set[str]:
    """The names a function's parameters bind, `*args` and `**kwargs` too."""
    arguments = function.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
    return {a.arg for a in every}


def positional_parameters(function: Function) -> list[str]:
    """The names of a function's positional parameters, in order."""
    return [a.arg for a in (*function.args.posonlyargs, *function.args.args)]


def given_argument(function: Function, call: ast.Call, name: str, method: bool) -> ast.expr | None:
    """The expression `call` gives parameter `name` of `function`: by keyword, else by
    position (past the receiver of a `method` called on an instance); None where it gives
    none, or may give it through `*args`/`**kwargs`."""
    keyword = next((k.value for k in call.keywords if k.arg == name), None)
    if keyword is not None:
        return keyword
    parameters = positional_parameters(function)[1 if method else 0 :]
    if name not in parameters or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    index = parameters.index(name)
    return call.args[index] if index < len(call.args) else None


def is_static(function: Function) -> bool:
    """Whether a function of a class body is a static method (takes no receiver)."""
    return any(dotted_name(d) == "staticmethod" for d in function.decorator_list)


def takes_no_instance(function: Function) -> bool:
    """Whether a function of a class body is a static or class method: called through
    its class (`Errors.retry(fn)`), not on an instance."""
    kinds = ("staticmethod", "classmethod")
    return any(dotted_name(d) in kinds for d in function.decorator_list)


def parameter_defaults(function: Function) -> dict[str, ast.expr]:
    """A function's parameters that have a default, and the default, in order."""
    arguments = function.args
    positional = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    given = arguments.defaults
    found = dict(zip(positional[len(positional) - len(given) :], given, strict=True))
    keyword = zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
    found |= {a.arg: default for a, default in keyword if default is not None}
    return found


def given_default(function: Function, name: str) -> ast.expr | None:
    """The default a function gives its parameter `name`, the value the parameter holds
    where a caller leaves it out (`binary="claude"`); None for none, or `None`."""
    default = parameter_defaults(function).get(name)
    none = isinstance(default, ast.Constant) and default.value is None
    return None if none else default


def walk(root: ast.AST) -> Iterator[ast.AST]:
    """`root` and every node under it, breadth first (as `ast.walk`)."""
    queue = deque([root])
    while queue:
        node = queue.popleft()
        queue.extend(children(node))
        yield node


def int_value(node: ast.expr, known: dict[str, int]) -> int | None:
    """The value of a constant integer expression: literals, names, + - * // **."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name):
        return known.get(node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = int_value(node.operand, known)
        return -inner if inner is not None else None
    if isinstance(node, ast.BinOp):
        left, right = int_value(node.left, known), int_value(node.right, known)
        if left is None or right is None:
            return None
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            product = left * right
            return product if abs(product) < 10**30 else None  # `B = A*A` doubling: bounded
        if isinstance(node.op, ast.FloorDiv) and right:
            return left // right
        if isinstance(node.op, ast.Pow) and 0 <= right <= 16 and abs(left) <= 1024:
            return int(left**right)
    return None


def assignment(node: ast.AST) -> tuple[list[ast.expr], ast.expr | None]:
    """The targets and the value of `a = b = value` or `a: T = value` (else none)."""
    if isinstance(node, ast.Assign):
        return node.targets, node.value
    if isinstance(node, ast.AnnAssign) and node.value is not None:
        return [node.target], node.value
    return [], None


def top_level_names(tree: ast.Module) -> frozenset[str]:
    """The names a module binds at its top level: its classes, functions and assigned
    names (`RETRIES = 3`, `client: OpenAI = …`)."""
    body = module_statements(tree)
    found = {s.name for s in body if isinstance(s, Function | ast.ClassDef)}
    for statement in body:
        if isinstance(statement, ast.Assign | ast.AnnAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            found.update(t.id for t in targets if isinstance(t, ast.Name))
    return frozenset(found)


def class_fields(cls: ast.ClassDef) -> list[str]:
    """A class's annotated fields in order (a dataclass's or a `NamedTuple`'s, which
    positional arguments of its call fill)."""
    return [
        item.target.id
        for item in cls.body
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
    ]


def module_class_fields(tree: ast.Module) -> dict[str, list[str]]:
    """The module's top-level classes' annotated fields in order, by class name (`class_fields`:
    what positional arguments of their calls fill)."""
    return {
        node.name: class_fields(node)
        for node in module_statements(tree)
        if isinstance(node, ast.ClassDef)
    }


def module_constants(tree: ast.Module) -> dict[str, int]:
    """Module-level `NAME = <integer expression>` assignments, in order; and those to an
    attribute of an imported module, by its dotted name (`openai.max_retries = 0`: a
    setting of the whole process)."""
    constants: dict[str, int] = {}
    for statement in module_statements(tree):
        targets, value = assignment(statement)
        if value is None:
            continue
        result = int_value(value, constants)
        for target in targets:
            named = target.id if isinstance(target, ast.Name) else None
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                named = f"{target.value.id}.{target.attr}"
            if named is not None and result is not None:
                constants[named] = result
    return constants


def base_names(cls: ast.ClassDef) -> list[str]:
    """The dotted names a class lists as its bases (`Mixin`, `base.Runner`); a generic
    base's is its class's (`Client[Message]` is a `Client`)."""
    found = []
    for base in cls.bases:
        while isinstance(base, ast.Starred | ast.Subscript):
            base = base.value
        if (name := dotted_name(base)) is not None:
            found.append(name)
    return found


def class_lineage(classes: Mapping[str, ast.ClassDef], cls: ast.ClassDef) -> list[ast.ClassDef]:
    """A class and its bases among `classes` (a module's, by name), nearest first."""
    pending, seen, found = [cls], set[str](), list[ast.ClassDef]()
    while pending and len(found) < MAX_BASES:
        current = pending.pop(0)
        if current.name in seen:
            continue
        seen.add(current.name)
        found.append(current)
        pending += [classes[name] for name in base_names(current) if name in classes]
    return found


def import_bindings(
    node: ast.Import | ast.ImportFrom, own: str | None
) -> Iterator[tuple[str, str, str]]:
    """What an import statement binds: (local name, the module, the name imported from
    it: "" when the local name is the module itself). A relative import binds nothing
    known unless the importing module's own dotted name `own` is given; `*` nothing."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            head = alias.name.split(".", 1)[0]
            yield (alias.asname, alias.name, "") if alias.asname else (head, head, "")
        return
    if node.level and own is None:
        return
    base = _imported_module(node, own)
    for alias in node.names:
        if alias.name != "*":
            yield alias.asname or alias.name, base, alias.name


def star_module(node: ast.ImportFrom, own: str | None) -> str | None:
    """The module `from MODULE import *` binds every public name of (relative ones read
    from the importing module's own dotted name `own`), or None."""
    if not any(alias.name == "*" for alias in node.names) or (node.level and own is None):
        return None
    return _imported_module(node, own) or None


def _imported_module(node: ast.ImportFrom, own: str | None) -> str:
    package = (own or "").split(".")[: -node.level] if node.level else []
    return ".".join([*package, *([node.module] if node.module else [])])


# The last part of the name relative imports are read from in a package's `__init__.py`:
# `from .retry import X` there is `pkg.retry.X`, as in a module of the package.
PACKAGE_INIT = "__init__"


def import_origin(module: str | None, path: str) -> str | None:
    """The name relative imports of the module at `path` are read from: its own dotted
    name, or for a package's `__init__.py` (named as the package) one level inside it."""
    package = path.replace("\\", "/").rsplit("/", 1)[-1] == f"{PACKAGE_INIT}.py"
    return f"{module}.{PACKAGE_INIT}" if module and package else module


def qualified_import(module: str, name: str) -> str:
    """The dotted name an import binding stands for (`import_bindings`)."""
    return f"{module}.{name}" if name else module


def is_property(decorator: str | None) -> bool:
    """Whether a decorator, by its dotted name, makes a method run when its attribute is
    read: `property`, `functools.cached_property`, and the lazy or cached properties of
    other libraries and projects (`lazy_property`, `cachedproperty`)."""
    return (decorator or "").rsplit(".", 1)[-1].endswith("property")


def shell_command(args: ast.expr) -> ast.expr:
    """The command string a shell runs from a launch's `args` with `shell=True`: the
    first item of a sequence (`run([f"claude -p {p}"], shell=True)`; POSIX runs `sh -c
    ARGS[0] ARGS[1:]`), else the value itself."""
    if isinstance(args, ast.List | ast.Tuple) and args.elts:
        first = args.elts[0]
        return args if isinstance(first, ast.Starred) else first
    return args


def dotted_name(node: ast.expr) -> str | None:
    """`a.b.c` for a chain of names and attributes, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = dotted_name(node.value)
        return f"{head}.{node.attr}" if head else None
    return None


def shown_value(node: ast.expr) -> str | None:
    """How a value is written, when it is a constant (`None`, `True`, `0`, `'ok'`) or a
    dotted name (`Status.OK`); None for any other expression."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return repr(node.value)
    if isinstance(node, ast.Constant) and (node.value is None or type(node.value) in (bool, int)):
        return str(node.value)
    return dotted_name(node)


_OPTIONAL = frozenset({"Optional", "typing.Optional", "Union", "typing.Union"})
_MAX_ANNOTATION = 200  # characters of a string annotation read as an expression
# Containers an annotation names with what they hold (`typing`'s, the builtins', `abc`'s).
_MAPPINGS = frozenset(
    {"defaultdict", "collections.defaultdict", "collections.OrderedDict"}
    | {
        f"{prefix}{name}"
        for name in ("Dict", "dict", "Mapping", "MutableMapping", "DefaultDict", "OrderedDict")
        for prefix in ("", "typing.", "collections.abc.")
    }
)
_CONTAINERS = _MAPPINGS | frozenset(
    f"{prefix}{name}"
    for name in ("List", "list", "Sequence", "MutableSequence", "Set", "set", "FrozenSet")
    for prefix in ("", "typing.", "collections.abc.")
)


def item_names(node: ast.expr | None) -> tuple[str, ...]:
    """The classes the items of a container an annotation names may be, as
    `annotation_names` reads them: a mapping's values (`dict[str, Provider]`), a
    sequence's or a set's items (`list[Provider]`); none for anything else."""
    container = dotted_name(node.value) if isinstance(node, ast.Subscript) else None
    if not isinstance(node, ast.Subscript) or container not in _CONTAINERS:
        return ()
    items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    if not items:
        return ()
    return annotation_names(items[-1] if container in _MAPPINGS else items[0])


def getattr_names(call: ast.Call, tree: ast.Module, cls: str) -> list[str] | None:
    """The method names of class `cls` (of `tree`'s top level) a `getattr(self, NAME)`
    may read: NAME itself when a constant, and for an f-string every method whose name
    starts with its leading text (`getattr(self, f"send_prompt_{kind}")`); None for any
    other call."""
    if not (isinstance(call.func, ast.Name) and call.func.id == "getattr"):
        return None
    if len(call.args) < 2 or not isinstance(call.args[0], ast.Name):
        return None
    if call.args[0].id not in ("self", "cls"):
        return None
    name = call.args[1]
    if isinstance(name, ast.Constant) and isinstance(name.value, str):
        return [name.value]
    first = name.values[0] if isinstance(name, ast.JoinedStr) and name.values else None
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value):
        return None
    prefix = first.value
    owner = next((c for c in tree.body if isinstance(c, ast.ClassDef) and c.name == cls), None)
    methods = (m.name for m in owner.body if isinstance(m, Function)) if owner else ()
    return [method for method in methods if method.startswith(prefix)]


def returned_values(function: Function) -> list[ast.expr]:
    """The values of a function's `return` statements (not those of functions or classes
    it defines), in source order."""
    values: list[ast.expr] = []
    stack: list[ast.AST] = list(reversed(function.body))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Return) and node.value is not None:
            values.append(node.value)
        elif not isinstance(node, Function | ast.ClassDef | ast.Lambda):
            stack.extend(reversed(children(node)))
    return values


def class_named(value: ast.expr) -> str | None:
    """The class a value names: a name (`OpenAI`, `openai.OpenAI`), an attribute read with
    `getattr` and a constant (`getattr(anthropic, "Anthropic", None)`), or the first of
    an `or` of them."""
    if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or):
        return next(filter(None, map(class_named, value.values)), None)
    read = getattr_read(value)
    if read is not None and (owner := dotted_name(read.value)) is not None:
        return f"{owner}.{read.attr}"
    return dotted_name(value) if isinstance(value, ast.Name | ast.Attribute) else None


def getattr_read(value: ast.expr) -> ast.Attribute | None:
    """`getattr(obj, "name")` (with a default or not) as the attribute read it makes,
    `obj.name` (a node of its own, without a place)."""
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id == "getattr"
        and len(value.args) >= 2
        and isinstance(value.args[1], ast.Constant)
        and isinstance(value.args[1].value, str)
        and value.args[1].value.isidentifier()
    ):
        return ast.Attribute(value=value.args[0], attr=value.args[1].value, ctx=ast.Load())
    return None


def classes_named(value: ast.expr, functions: Mapping[str, Function]) -> list[str]:
    """The classes a value names (`class_named`), also through a call of one of
    `functions` (a module's, by name) that returns one: a class it names in a `return`
    (`return AsyncOpenAI` after importing it there), or the argument the call gives the
    parameter it returns (`_require("openai", ChatOpenAI)` returning `cls`)."""
    named = class_named(value)
    if named is not None:
        return [named]
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Name):
        return []
    function = functions.get(value.func.id)
    if function is None:
        return []
    parameters = positional_parameters(function)
    found: list[str] = []
    for returned in returned_values(function):
        held: ast.expr | None = returned
        if isinstance(returned, ast.Name) and returned.id in parameters:
            index = parameters.index(returned.id)
            given = [k.value for k in value.keywords if k.arg == returned.id]
            held = value.args[index] if index < len(value.args) else next(iter(given), None)
        if held is not None and isinstance(held, ast.Name | ast.Attribute):
            found += [named] if (named := class_named(held)) else []
    return list(dict.fromkeys(found))


def top_functions(tree: ast.Module) -> dict[str, Function]:
    """A module's top-level functions by name (also under a top-level `if` or `try`; the
    last definition wins)."""
    return {s.name: s for s in module_statements(tree) if isinstance(s, Function)}


def returned_imports(
    value: ast.expr, functions: Mapping[str, Function], imported: Container[str]
) -> list[str]:
    """The names a value may be that the module imports (`classes_named`, as written,
    each name's first part one of `imported`): `_litellm()`, where `_litellm` imports
    `litellm` and returns it, is `litellm`."""
    return [n for n in classes_named(value, functions) if n.split(".", 1)[0] in imported]


def called_names(
    func: ast.expr,
    functions: Mapping[str, Function],
    imported: Container[str],
    held: Callable[[str], ast.expr | None] | None = None,
) -> list[str]:
    """The dotted names a call's function may be, as written: its own
    (`litellm.acompletion`), or, called on what a call of one of `functions` returns,
    directly or through a local name `held` says holds that call (`lite = _litellm()`),
    each imported name it may return with the rest after it (`_litellm().acompletion`,
    `lite.acompletion`: `litellm.acompletion`)."""
    if not isinstance(func, ast.Attribute):
        dotted = dotted_name(func)
        return [dotted] if dotted is not None else []
    root, tail = attribute_chain(func)
    if isinstance(root, ast.Name) and held is not None:
        value = held(root.id)
        root = value if isinstance(value, ast.Call) else root
    if isinstance(root, ast.Call):
        return [f"{name}.{tail}" for name in returned_imports(root, functions, imported)]
    dotted = dotted_name(func)
    return [dotted] if dotted is not None else []


def attribute_chain(node: ast.expr) -> tuple[ast.expr, str]:
    """What a chain of attribute reads starts from, and the names read after it
    (`_litellm().chat.acompletion`: the call, and `chat.acompletion`)."""
    rest: list[str] = []
    while isinstance(node, ast.Attribute):
        rest.append(node.attr)
        node = node.value
    return node, ".".join(reversed(rest))


def annotation_names(node: ast.expr | None) -> tuple[str, ...]:
    """The dotted names of the classes an annotation allows: one (`BaseLLM`,
    `llm.BaseLLM`), each of a union (`A | B`, `Optional[A]`, `Union[A, B]`), also written
    as a string (`"A | None"`, a forward reference); none for anything else (`list[A]`:
    `item_names`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        if len(node.value) > _MAX_ANNOTATION:
            return ()
        try:
            parsed = ast.parse(node.value.strip(), mode="eval").body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return ()
        return annotation_names(parsed)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return annotation_names(node.left) + annotation_names(node.right)
    if isinstance(node, ast.Subscript) and dotted_name(node.value) in _OPTIONAL:
        inner = node.slice
        items = inner.elts if isinstance(inner, ast.Tuple) else [inner]
        return tuple(name for item in items for name in annotation_names(item))
    dotted = dotted_name(node) if node is not None else None
    return (dotted,) if dotted is not None else ()


@functools.lru_cache(maxsize=4)  # the modules being read
def typed_dicts(tree: ast.Module) -> frozenset[str]:
    """The module's `TypedDict` classes (`class Config(TypedDict)`): a call of one makes a
    dict of the keywords it is given."""
    return frozenset(
        statement.name
        for statement in tree.body
        if isinstance(statement, ast.ClassDef)
        and any((dotted_name(b) or "").rsplit(".", 1)[-1] == "TypedDict" for b in statement.bases)
    )
