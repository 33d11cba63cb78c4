"""Whether a run's captured output is examined for success or failure, or only carried on.

A run whose status nothing reads is still judged when the code examines what it
printed (SPEC, RA203): tests it (an empty answer is a failed run, unless the agent
prints its errors as its answer: claude's `Invalid API key`), compares it, searches
it, parses it, hands it to code that may. Output that is only carried
on is not examined: shown or logged, picked with `or` (`out or err`), measured
to cut it short (`len(out) > 3800`), kept in a record
(`Memory(content=out)`), formatted into a message and relayed (an HTTP post, a
chat reply, a write to a log). The value is followed forward through the module:

- through `.decode()`, `.strip()` and the like, `await`, `asyncio.wait_for`,
  `or`, `+`, `%`, f-strings, slices and containers;
- into local names (each element of an unpacking too), to the reads that binding
  reaches (`auditor.python.model.reaching`, also round a loop);
- into a function of the module as an argument, to its parameter's reads (as
  `auditor.python.model.value_flow` binds them, overrides too);
- out of a function that returns it, to every call of that function in the module.

Whatever is not known to carry it on examines it: an unknown call or method, a
comparison, an attribute store, a caller outside the module. The walk is
bounded; past the bound the output counts as examined.
"""

from __future__ import annotations

import ast
from typing import NamedTuple, cast

from auditor.python.model.ast_values import Function, dotted_name
from auditor.python.model.callees import shows
from auditor.python.model.module import PythonModule
from auditor.python.model.name_index import NameIndex
from auditor.python.model.reaching import reaching_chains
from auditor.python.model.value_flow import module_flow
from auditor.python.runner.loop_parts import is_none_test
from auditor.python.runner.module_calls import calls_of

# methods that give the same text back in another form
_TRANSFORMS = frozenset(
    {"decode", "encode", "strip", "lstrip", "rstrip", "lower", "upper", "casefold", "read"}
    | {"replace", "split", "splitlines", "expandtabs"}
)
_PIECES = frozenset({"split", "splitlines"})  # transforms that give a list of its pieces
# calls that give their argument back in another form
_CARRIERS = frozenset({"str", "asyncio.wait_for", "html.escape", "textwrap.shorten", "json.dumps"})
# calls (by their last name) that pass text on to a person or a store and decide nothing
_RELAYS = frozenset(
    {"post", "put", "patch", "send", "send_message", "reply", "reply_text", "respond"}
    | {"edit_message_text", "edit_text", "chat_postMessage", "write", "writelines"}
    | {"write_text", "write_bytes"}
    | {"insert", "insert_one", "publish", "emit", "put_nowait", "update"}
)
_CARRYING = (ast.Await, ast.BoolOp, ast.Starred, ast.JoinedStr)
_CONTAINERS = (ast.Tuple, ast.List, ast.Set)
_TESTS = (ast.If, ast.While, ast.IfExp, ast.Assert, ast.UnaryOp, ast.BoolOp)
_BUDGET = 256  # values visited before the output counts as examined


def _only_keeps(test: ast.If) -> bool:
    """Whether an `if` without an `else` only shows or stores something (`if
    r.stderr: with open(err_path, "w") as f: f.write(r.stderr)`): its test decides
    whether there is anything to keep, not how the run went."""

    def keeps(statement: ast.stmt) -> bool:
        if isinstance(statement, ast.With):
            opened = all(
                isinstance(item.context_expr, ast.Call)
                and dotted_name(item.context_expr.func) == "open"
                for item in statement.items
            )
            return opened and all(keeps(inner) for inner in statement.body)
        call = statement.value if isinstance(statement, ast.Expr) else None
        if not isinstance(call, ast.Call):
            return False
        method = call.func.attr if isinstance(call.func, ast.Attribute) else None
        return shows(call) or (method or dotted_name(call.func) or "") in _RELAYS

    return not test.orelse and all(keeps(statement) for statement in test.body)


class _Value(NamedTuple):
    node: ast.AST  # an expression that holds the output
    held: bool  # inside a container or its serialised text: testing that is not testing it


class OutputUses:
    """Answers whether one module's captured outputs are examined (see the module text)."""

    def __init__(self, module: PythonModule, index: NameIndex) -> None:
        self.module = module
        self.index = index
        self.flow = module_flow(module)

    def examined(self, value: ast.expr, *, emptiness: bool = True) -> bool:
        """Whether the code examines the output `value` holds, wherever it goes.
        `emptiness`: whether a test of its being empty judges the run (not for an agent
        that prints its errors as its answer: `AgentProfile.answers_errors`)."""
        work = [_Value(value, False)]
        seen: set[_Value] = set()
        while work:
            item = work.pop()
            if item in seen:
                continue
            seen.add(item)
            if len(seen) > _BUDGET or self._examines(item, work, emptiness):
                return True
        return False

    def _examines(self, item: _Value, work: list[_Value], emptiness: bool) -> bool:
        """Whether the place the value is used examines it; the values it is carried on
        as go onto `work`."""
        node, held = item
        parent = self.module.parent(node)
        if parent is None or isinstance(parent, ast.Expr):
            return False  # not used at all
        if isinstance(parent, ast.FormattedValue):
            node, parent = parent, self.module.parent(parent)
        if parent is None:
            return True
        if isinstance(parent, _CARRYING) or _carries(parent, node):
            work.append(_Value(parent, held))
            return False
        if isinstance(parent, _CONTAINERS) or _dict_value(parent, node):
            work.append(_Value(parent, True))
            return False
        if isinstance(parent, ast.IfExp) and node is not parent.test:
            work.append(_Value(parent, held))
            return False
        if isinstance(parent, ast.Subscript) and held and node is parent.value:
            work.append(_Value(parent, False))  # an item taken out: the output again
            return False
        if isinstance(parent, ast.Compare):
            return not (held or is_none_test(parent))
        if isinstance(parent, ast.Attribute):
            call = self.module.parent(parent)
            if parent.attr in _TRANSFORMS and isinstance(call, ast.Call) and call.func is parent:
                # its pieces (`out.splitlines()`) hold it as a container does
                work.append(_Value(call, held or parent.attr in _PIECES))
                return False
            return True  # a method or an attribute read on it examines it
        if isinstance(parent, ast.keyword | ast.Call):
            call = self.module.parent(parent) if isinstance(parent, ast.keyword) else parent
            given = parent if isinstance(parent, ast.keyword) else node
            if not isinstance(call, ast.Call) or node is call.func:
                return True
            return self._argument(call, given, held, work, emptiness)
        if isinstance(parent, ast.Assign | ast.AnnAssign | ast.AugAssign | ast.NamedExpr):
            targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
            return not all(self._bound(target, parent, held, work) for target in targets)
        if isinstance(parent, ast.For | ast.AsyncFor) and node is parent.iter:
            return not self._bound(parent.target, parent, held, work)
        if isinstance(parent, ast.Return):
            scope = self.module.scope_of(parent)
            callers = calls_of(self.module, scope) if isinstance(scope, Function) else []
            work += (_Value(call, held) for call in callers)
            return not callers  # handed to code outside the module, which may examine it
        if isinstance(parent, ast.If) and node is parent.test and _only_keeps(parent):
            return False  # `if out: f.write(out)`: whether there is any to save
        if isinstance(parent, _TESTS):
            # a test of a container that holds it tests the container (`if payload:`); a
            # test of its truth (`if out:`) judges the run where a failed run prints nothing
            return emptiness and not held
        return True

    def _argument(
        self, call: ast.Call, given: ast.AST, held: bool, work: list[_Value], emptiness: bool
    ) -> bool:
        """Whether passing the output to `call` (as `given`, an argument or a keyword)
        examines it."""
        name = dotted_name(call.func) or ""
        # (`(out_dir / "log.txt").write_text(out)`: a method of a value, not a name)
        last = call.func.attr if isinstance(call.func, ast.Attribute) else name
        if name == "len":
            return emptiness and not held and self._emptiness_test(call)
        if shows(call) or last in _RELAYS:
            return False
        joined = isinstance(call.func, ast.Attribute) and call.func.attr == "join"
        if name in _CARRIERS or joined:
            work.append(_Value(call, held))
            return False
        argument = given.value if isinstance(given, ast.keyword) else given
        keyword = given.arg if isinstance(given, ast.keyword) else None
        if isinstance(given, ast.keyword) and keyword is None:
            return True  # `**kwargs`: which parameter it binds is not known here
        reads = self.flow.parameter_reads(call, cast(ast.expr, argument), keyword)
        if reads is not None:
            work += (_Value(read, held) for read in reads)
            return False
        # a record built from keywords (`Memory(content=out)`) keeps the text as it is
        return not (isinstance(given, ast.keyword) and last[:1].isupper())

    def _emptiness_test(self, length: ast.Call) -> bool:
        """Whether the output's length is tested for its being empty (`len(out) == 0`, `if
        len(out):`), not measured to cut it short (`if len(out) > 3800`)."""
        parent = self.module.parent(length)
        if not isinstance(parent, ast.Compare):
            return isinstance(parent, _TESTS)
        bounds = [side for side in (parent.left, *parent.comparators) if side is not length]
        return any(isinstance(b, ast.Constant) and b.value in (0, 1) for b in bounds)

    def _bound(self, target: ast.expr, at: ast.AST, held: bool, work: list[_Value]) -> bool:
        """Whether the output is bound to local names only (each element of an unpacking
        too); their reads from there on go onto `work`."""
        if isinstance(target, ast.Tuple | ast.List):
            return all(self._bound(element, at, held, work) for element in target.elts)
        if isinstance(target, ast.Starred):
            return self._bound(target.value, at, held, work)
        if not isinstance(target, ast.Name):
            return False  # kept on an object or in a container: read who knows where
        scope = self.module.scope_of(at)
        bindings = self.module.bindings.get((scope, target.id), [])
        # a read this binding reaches, also round a loop (`auditor.python.model.reaching`);
        # an unpacking the model keeps no binding for (`out, _ = …`): each read after it
        recorded = any(b.at is at for b in bindings)
        for read in self.index.reads.get((scope, target.id), []):
            if not isinstance(read, ast.Name):
                continue
            if recorded:
                chains = reaching_chains(self.module, bindings, read)
                reached = any(b.at is at for chain in chains for b in chain)
            else:
                reached = self.module.ends_before(at, read)
            if reached:
                work.append(_Value(read, held))
        return True


def _dict_value(parent: ast.AST, node: ast.AST) -> bool:
    return isinstance(parent, ast.Dict) and any(node is value for value in parent.values)


def _carries(parent: ast.AST, node: ast.AST) -> bool:
    """Whether `parent` is the same text with more around it: a concatenation or a `%`
    format, a slice."""
    if isinstance(parent, ast.BinOp):
        return isinstance(parent.op, ast.Add | ast.Mod)
    if isinstance(parent, ast.Subscript):
        return node is parent.value and isinstance(parent.slice, ast.Slice)
    return False
