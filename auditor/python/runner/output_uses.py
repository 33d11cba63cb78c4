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
- out of a function that returns (or yields) it, to every call of that function in the
  module.

Whatever is not known to carry it on examines it: an unknown call or method, a
comparison, an attribute store, a caller outside the module. The walk is
bounded; past the bound the output counts as examined.

A process's stream (`p.stdout`) is read as the program reads it: whole (`.read()`),
or a line at a time (`for line in p.stdout`, `.readline()`, `iter(p.stdout.readline,
"")`). A line is a piece of the output: testing whether it is empty skips a blank
line and judges nothing, and a line parsed as an event of a JSON stream (`--output-format
stream-json`) examines the run only where the code reads or compares a field that says
how it went (`"type": "error"`, `is_error`, `status`): an event stream whose fields are
only taken apart for their text is carried on, as a failed run's empty stream is.
Lines gathered into a list (`parts.append(line)`) and joined again are the output.
"""

from __future__ import annotations

import ast
import re
from typing import NamedTuple, cast

from auditor.profiles import outcome_words
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


# What an expression holds of the output (`_Value.kind`):
_WHOLE = "whole"  # the output, in some form
_HELD = "held"  # a container holding it, or its serialised text: testing that tests nothing
_LINES = "lines"  # a container of its pieces (`out.splitlines()`, lines or texts gathered)
_LINE = "line"  # one line of it: its emptiness is a blank line, not a failed run
_EVENT = "event"  # a line parsed as JSON (an event of a stream), or one of its fields
_STREAM = "stream"  # a process's output stream, not yet read
_CONTAINED = frozenset({_HELD, _LINES})
# calls that parse a text as JSON
_PARSERS = frozenset({"json.loads", "orjson.loads", "ujson.loads"})
# methods that put a value into the container they are called on (`insert` is a relay's)
_GATHERS = frozenset({"append", "extend", "add", "appendleft"})
# calls that make an empty container to gather into
_CONTAINER_CALLS = frozenset({"list", "set", "deque", "collections.deque"})
# methods of a parsed event that give its fields
_EVENT_FIELDS = frozenset({"get", "items", "values", "keys", "pop"})
# words in a field's name or a value it is compared with that say how the run went
_OUTCOME = re.compile("|".join(map(re.escape, outcome_words())))


class _Value(NamedTuple):
    node: ast.AST  # an expression that holds the output
    kind: str  # what it holds of it: `_WHOLE`, `_HELD`, `_LINES`, `_LINE`, `_EVENT`, `_STREAM`


class OutputUses:
    """Answers whether one module's captured outputs are examined (see the module text)."""

    def __init__(self, module: PythonModule, index: NameIndex) -> None:
        self.module = module
        self.index = index
        self.flow = module_flow(module)

    def examined(self, value: ast.expr, *, emptiness: bool = True, stream: bool = False) -> bool:
        """Whether the code examines the output `value` holds, wherever it goes.
        `emptiness`: whether a test of its being empty judges the run (not for an agent
        that prints its errors as its answer: `AgentProfile.answers_errors`). `stream`:
        `value` is a process's output stream (`p.stdout`), read as the code reads it."""
        work = [_Value(value, _STREAM if stream else _WHOLE)]
        seen: set[_Value] = set()
        while work:
            item = work.pop()
            if item in seen:
                continue
            seen.add(item)
            if len(seen) > _BUDGET:
                return True
            if self._examines(item, work, emptiness):
                return True
        return False

    def _shown_test(self, node: ast.AST) -> bool:
        """Whether the emptiness test `node` is in the test of an `if` that only shows or
        keeps something (`if out: f.write(out)`, `if stdout and len(stdout) > 0:
        log.info(first line)`): it decides whether there is anything to show, not how
        the run went."""
        parent = self.module.parent(node)
        while isinstance(parent, ast.expr):
            node, parent = parent, self.module.parent(parent)
        return isinstance(parent, ast.If) and node is parent.test and self._only_shows(parent)

    def _only_shows(self, test: ast.If) -> bool:
        """Whether an `if` without an `else` only shows or stores something: its body
        calls only what shows or relays text (`log.info(…)`, `f.write(…)`, in `with
        open(…)`), and binds only names read in it alone, to pieces of text (`first =
        out.split("\\n")[0]`)."""
        scope = self.module.scope_of(test)
        inside = {id(node) for statement in test.body for node in ast.walk(statement)}

        def local_text(statement: ast.Assign) -> bool:
            names = [t.id for t in statement.targets if isinstance(t, ast.Name)]
            calls = [n for n in ast.walk(statement.value) if isinstance(n, ast.Call)]
            return (
                len(names) == len(statement.targets)
                and all(_transform(call) for call in calls)
                and all(
                    id(read) in inside
                    for name in names
                    for read in self.index.reads.get((scope, name), [])
                )
            )

        def keeps(statement: ast.stmt) -> bool:
            if isinstance(statement, ast.With):
                opened = all(
                    isinstance(item.context_expr, ast.Call)
                    and dotted_name(item.context_expr.func) == "open"
                    for item in statement.items
                )
                return opened and all(keeps(inner) for inner in statement.body)
            if isinstance(statement, ast.Assign):
                return local_text(statement)
            call = statement.value if isinstance(statement, ast.Expr) else None
            if not isinstance(call, ast.Call):
                return False
            method = call.func.attr if isinstance(call.func, ast.Attribute) else None
            return shows(call) or (method or dotted_name(call.func) or "") in _RELAYS

        return not test.orelse and all(keeps(statement) for statement in test.body)

    def _examines(self, item: _Value, work: list[_Value], emptiness: bool) -> bool:
        """Whether the place the value is used examines it; the values it is carried on
        as go onto `work`."""
        node, kind = item
        parent = self.module.parent(node)
        if parent is None or isinstance(parent, ast.Expr):
            return False  # not used at all
        if kind == _STREAM:
            return self._stream_read(node, parent, work)
        if isinstance(parent, ast.FormattedValue):
            node, parent = parent, self.module.parent(parent)
        if parent is None:
            return True
        if isinstance(parent, _CARRYING) or _carries(parent, node):
            work.append(_Value(parent, kind))
            return False
        if isinstance(parent, _CONTAINERS) or _dict_value(parent, node):
            work.append(_Value(parent, _HELD))
            return False
        if isinstance(parent, ast.IfExp) and (node is not parent.test or _chosen(parent, node)):
            # (its test too, where a value chosen is the output: `len(out) if out else 0`)
            work.append(_Value(parent, kind))
            return False
        if isinstance(parent, ast.Subscript) and node is parent.value:
            if kind in _CONTAINED:  # an item taken out: the output again, or one line
                work.append(_Value(parent, _LINE if kind == _LINES else _WHOLE))
                return False
            if kind == _EVENT:
                return self._field(parent, parent.slice, work)
        if isinstance(parent, ast.Compare):
            if kind in _CONTAINED:
                return False
            if kind == _EVENT:
                return not is_none_test(parent) and _outcome_compared(parent, node)
            return not is_none_test(parent)
        if isinstance(parent, ast.Attribute):
            return self._method(parent, kind, work)
        if isinstance(parent, ast.keyword | ast.Call):
            call = self.module.parent(parent) if isinstance(parent, ast.keyword) else parent
            given = parent if isinstance(parent, ast.keyword) else node
            if not isinstance(call, ast.Call) or node is call.func:
                return True
            return self._argument(call, given, kind, work, emptiness)
        if isinstance(parent, ast.Assign | ast.AnnAssign | ast.AugAssign | ast.NamedExpr):
            targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
            return not all(self._bound(target, parent, kind, work) for target in targets)
        if isinstance(parent, ast.For | ast.AsyncFor) and node is parent.iter:
            each = {_HELD: _WHOLE, _LINES: _LINE}.get(kind, kind)
            return not self._bound(parent.target, parent, each, work)
        if isinstance(parent, ast.Return | ast.Yield):  # each item a generator's call gives
            scope = self.module.scope_of(parent)
            callers = calls_of(self.module, scope) if isinstance(scope, Function) else []
            work += (_Value(call, kind) for call in callers)
            return not callers  # handed to code outside the module, which may examine it
        if isinstance(parent, _TESTS):
            # a test of a container that holds it tests the container (`if payload:`); a
            # test of its truth (`if out:`) judges the run where a failed run prints
            # nothing, not a line's (a blank one) or an event field's
            return emptiness and kind == _WHOLE and not self._shown_test(node)
        return True

    def _stream_read(self, node: ast.AST, parent: ast.AST, work: list[_Value]) -> bool:
        """Whether a read of a process's stream examines it: read whole, it is the output;
        a line at a time, each line is a piece of it; anything else may examine it."""
        if isinstance(parent, ast.For | ast.AsyncFor) and node is parent.iter:
            return not self._bound(parent.target, parent, _LINE, work)
        if isinstance(parent, ast.Compare):
            return not is_none_test(parent)  # `assert p.stdout is not None`: it is there
        if isinstance(parent, ast.Attribute):
            call = self.module.parent(parent)
            if parent.attr == "close":
                return False
            if isinstance(call, ast.Call) and call.func is parent:
                read = {"read": _WHOLE, "readline": _LINE, "readlines": _LINES}.get(parent.attr)
                read = _LINE if read == _WHOLE and call.args else read  # `read(4096)`: a piece
                if read is not None:
                    work.append(_Value(call, read))
                    return False
            elif (  # `iter(p.stdout.readline, "")`: the stream, a line at a time
                parent.attr == "readline"
                and isinstance(call, ast.Call)
                and dotted_name(call.func) == "iter"
                and bool(call.args)
                and call.args[0] is parent
            ):
                work.append(_Value(call, _STREAM))
                return False
        return True

    def _method(self, attribute: ast.Attribute, kind: str, work: list[_Value]) -> bool:
        """Whether a method called on (or an attribute read of) the value examines it."""
        call = self.module.parent(attribute)
        if not (isinstance(call, ast.Call) and call.func is attribute):
            return True  # an attribute read on it examines it
        if attribute.attr in _TRANSFORMS:
            pieces = attribute.attr in _PIECES and kind not in _CONTAINED
            work.append(_Value(call, _LINES if pieces else kind))  # pieces: its lines
            return False
        if kind == _EVENT and attribute.attr in _EVENT_FIELDS:
            return self._field(call, call.args[0] if call.args else None, work)
        return True  # a method called on it examines it

    def _field(self, taken: ast.expr, key: ast.AST | None, work: list[_Value]) -> bool:
        """Whether taking a field of a parsed event examines the run: a field that says how
        it went does; another gives a field, carried on as the event is."""
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            if _OUTCOME.search(key.value.lower()):
                return True
        elif key is not None and not isinstance(key, ast.Constant | ast.Slice):
            return True  # a field named at run time: any (an item by its place is one)
        work.append(_Value(taken, _EVENT))
        return False

    def _argument(
        self, call: ast.Call, given: ast.AST, kind: str, work: list[_Value], emptiness: bool
    ) -> bool:
        """Whether passing the output to `call` (as `given`, an argument or a keyword)
        examines it."""
        name = dotted_name(call.func) or ""
        # (`(out_dir / "log.txt").write_text(out)`: a method of a value, not a name)
        last = call.func.attr if isinstance(call.func, ast.Attribute) else name
        if name == "len":
            tested = emptiness and kind == _WHOLE and self._emptiness_test(call)
            return tested and not self._shown_test(call)
        if shows(call) or last in _RELAYS:
            return False
        if name in _PARSERS and kind in (_LINE, _EVENT):
            work.append(_Value(call, _EVENT))  # a line of a JSON stream: an event
            return False
        if name == "isinstance" and kind == _EVENT:
            return False  # the shape of an event, not how the run went
        joined = isinstance(call.func, ast.Attribute) and call.func.attr == "join"
        if name in _CARRIERS or joined:
            work.append(_Value(call, _WHOLE if joined and kind == _LINES else kind))
            return False
        argument = given.value if isinstance(given, ast.keyword) else given
        keyword = given.arg if isinstance(given, ast.keyword) else None
        if isinstance(given, ast.keyword) and keyword is None:
            return True  # `**kwargs`: which parameter it binds is not known here
        if last in _GATHERS and self._gathered(call, kind, work):
            return False
        reads = self.flow.parameter_reads(call, cast(ast.expr, argument), keyword)
        if reads is not None:
            work += (_Value(read, kind) for read in reads)
            return False
        # a record built from keywords (`Memory(content=out)`) keeps the text as it is
        return not (isinstance(given, ast.keyword) and last[:1].isupper())

    def _gathered(self, call: ast.Call, kind: str, work: list[_Value]) -> bool:
        """Whether a value is put into a container the function makes for it (`parts =
        []`, then `parts.append(line)`): every read of the container holds its pieces,
        which joined are the output again (a read before the call too: a loop comes back
        to it). Not into a parameter's or a module's container, read who knows where."""
        holder = call.func.value if isinstance(call.func, ast.Attribute) else None
        if not isinstance(holder, ast.Name) or kind == _HELD:
            return False
        scope = self.module.scope_of(call)
        bindings = self.module.bindings.get((scope, holder.id), [])
        made = [b for b in bindings if b.kind not in _GATHERS]  # (`append` is a binding)
        if not made or not all(b.kind == "assign" and _made_empty(b.value) for b in made):
            return False
        work += (
            _Value(read, _LINES)
            for read in self.index.reads.get((scope, holder.id), [])
            if read is not holder
        )
        return True

    def _emptiness_test(self, length: ast.Call) -> bool:
        """Whether the output's length is tested for its being empty (`len(out) == 0`, `if
        len(out):`), not measured to cut it short (`if len(out) > 3800`)."""
        parent = self.module.parent(length)
        if isinstance(parent, ast.IfExp) and length is not parent.test:
            return False  # (`len(out) if out else 0`: the value chosen, not the test)
        if not isinstance(parent, ast.Compare):
            return isinstance(parent, _TESTS)
        bounds = [side for side in (parent.left, *parent.comparators) if side is not length]
        return any(isinstance(b, ast.Constant) and b.value in (0, 1) for b in bounds)

    def _bound(self, target: ast.expr, at: ast.AST, kind: str, work: list[_Value]) -> bool:
        """Whether the output is bound to local names only (each element of an unpacking
        too); their reads from there on go onto `work`."""
        if isinstance(target, ast.Tuple | ast.List):
            return all(self._bound(element, at, kind, work) for element in target.elts)
        if isinstance(target, ast.Starred):
            return self._bound(target.value, at, kind, work)
        if not isinstance(target, ast.Name):
            return False  # kept on an object or in a container: read who knows where
        scope = self.module.scope_of(at)
        bindings = self.module.bindings.get((scope, target.id), [])
        # a read this binding reaches, also round a loop (`auditor.python.model.reaching`);
        # an unpacking the model keeps no binding for (`out, _ = …`): each read after it
        # (a loop's binding is at its target)
        recorded = any(b.at is at or b.at is target for b in bindings)
        for read in self.index.reads.get((scope, target.id), []):
            if not isinstance(read, ast.Name):
                continue
            if recorded:
                chains = reaching_chains(self.module, bindings, read)
                reached = any(b.at is at or b.at is target for chain in chains for b in chain)
            else:
                reached = self.module.ends_before(at, read)
            if reached:
                work.append(_Value(read, kind))
        return True


def _chosen(choice: ast.IfExp, tested: ast.AST) -> bool:
    """Whether a branch of a conditional expression whose test is the output holds the
    output too (`len(out) if out else 0`): its value is the output's, not a verdict
    (`"done" if out else "failed"`)."""
    written = ast.dump(tested)
    branches = (*ast.walk(choice.body), *ast.walk(choice.orelse))
    return any(type(n) is type(tested) and ast.dump(n) == written for n in branches)


def _transform(call: ast.Call) -> bool:
    """Whether a call gives text back in another form (`out.split("\\n")`, `len(out)`)."""
    if isinstance(call.func, ast.Attribute):
        return call.func.attr in _TRANSFORMS
    name = dotted_name(call.func)
    return name == "len" or name in _CARRIERS


def _made_empty(value: ast.AST | None) -> bool:
    """Whether a binding's value is a new container to gather into (`[]`, `list()`,
    `deque()`)."""
    if isinstance(value, ast.List | ast.Set):
        return True
    return isinstance(value, ast.Call) and dotted_name(value.func) in _CONTAINER_CALLS


def _outcome_compared(comparison: ast.Compare, field: ast.AST) -> bool:
    """Whether comparing an event's field tells how the run went: its text is searched
    (`"<promise>COMPLETE</promise>" in event["result"]`: a marker), or it is compared
    with a value that says so (`== "error"`, `in ("failed", "cancelled")`), or with one
    only known at run time."""
    if any(
        side is field and isinstance(op, ast.In | ast.NotIn)
        for side, op in zip(comparison.comparators, comparison.ops, strict=True)
    ):
        return True
    for side in (comparison.left, *comparison.comparators):
        if side is field:
            continue
        values = side.elts if isinstance(side, ast.Tuple | ast.List | ast.Set) else [side]
        for value in values:
            if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
                return True
            if _OUTCOME.search(value.value.lower()):
                return True
    return False


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
