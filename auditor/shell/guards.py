"""Guards on an agent's exit status in shell: the comparisons in `[ ]`, `[[ ]]`,
`test` and `(( ))`, and `case` arms, with the intent read from their text.

Which call a compared word holds (`$rc`, `$?`) is the caller's to say: the
agent flow follows statuses into variables and hands in that lookup.
"""

from __future__ import annotations

from collections.abc import Callable

from auditor.agent_status import AgentCall, StatusGuard
from auditor.exit_codes import intents_in
from auditor.numbers import bounded_int
from auditor.shell.model import ShellScript
from auditor.shell.parse import Node, descendants, enclosing_definition

_EQUAL = frozenset({"-eq", "==", "="})
_MAX_STATUS = 255  # an exit status is 0 to 255 (`exit 429` arrives as 173)
_UNEQUAL = frozenset({"-ne", "!="})
Reference = Callable[[Node], "AgentCall | None"]  # the call whose status a word holds


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


def status_guards(script: ShellScript, reference: Reference) -> list[StatusGuard]:
    """Every comparison or `case` arm on a status `reference` traces to an agent call."""
    found: list[StatusGuard] = []
    stored = _StoredCodes(script.parsed.nodes())
    for node in script.parsed.nodes():
        if (
            node.type == "test_command"
            or (node.type == "compound_statement" and _text(node).startswith("(("))
            or (node.type == "command" and _text(node).startswith("test "))
        ):
            found += _comparisons(script, node, reference, stored)
        elif node.type == "case_statement":
            found += _case(script, node, reference, stored)
    return found


class _StoredCodes:
    """The integer literals the script itself assigns a variable between the run whose
    status it holds and a guard on it, in the guard's function (`rc=429` after grepping
    the log): a variable holds every value a path gives it, so the guard can meet them
    whatever the agent exits with (`StatusGuard.stored`)."""

    def __init__(self, nodes: list[Node]) -> None:
        self._nodes = nodes
        # name -> (byte offset, function around it, code), read when a guard is found
        self._found: dict[str, list[tuple[int, int | None, int]]] | None = None

    def __call__(self, word: Node, code: int, call: AgentCall, script: ShellScript) -> bool:
        """Whether the variable `word` expands (`$rc`, `"${rc}"`) is assigned `code` after
        the run `call` and before `word`, in the same function (or at the top level)."""
        if self._found is None:
            self._found = {}
            for node in self._nodes:
                if node.type != "variable_assignment":
                    continue
                named, value = node.child_by_field_name("name"), node.child_by_field_name("value")
                number = bounded_int(_text(value).strip("\"'"), signed=True) if value else None
                if named is not None and number is not None:
                    scope = enclosing_definition(node)
                    place = (node.start_byte, scope.id if scope else None, number)
                    self._found.setdefault(_text(named), []).append(place)
        name = _text(word).strip("\"'").lstrip("$").strip("{}")
        scope = enclosing_definition(word)
        here = scope.id if scope else None
        start, _ = script.parsed.span(word)
        return any(
            number == code
            and function == here
            and call.end <= script.parsed.char_offset(at) < start
            for at, function, number in self._found.get(name, ())
        )


def _comparisons(
    script: ShellScript, holder: Node, reference: Reference, stored: _StoredCodes
) -> list[StatusGuard]:
    found: dict[tuple[int, bool], list[tuple[Node, int]]] = {}
    calls: dict[int, AgentCall] = {}
    for left, operator, right in _binary(holder, script.parsed.data):
        call, word, literal = reference(left), left, _text(right).strip("\"'")
        if call is None:
            call, word, literal = reference(right), right, _text(left).strip("\"'")
        code = bounded_int(literal, signed=True)
        if call is None or code is None:
            continue
        if operator not in _EQUAL and operator not in _UNEQUAL:
            continue
        key = (id(call), operator in _EQUAL)
        calls[id(call)] = call
        found.setdefault(key, []).append((word, code))
    context = _guard_context(holder)
    intents = intents_in(_guard_text(script, context), script.catalog)
    start, end = script.parsed.span(holder)
    return [
        StatusGuard(
            start,
            end,
            calls[call_id],
            tuple(code for _, code in items),
            equality,
            intents,
            stored=tuple(
                code for word, code in items if stored(word, code, calls[call_id], script)
            ),
            out_of_range=tuple(code for _, code in items if code > _MAX_STATUS),
        )
        for (call_id, equality), items in found.items()
    ]


def _guard_text(script: ShellScript, context: Node) -> str:
    """The text a guard's intent is read from: an `if` up to its first `elif`/`else`
    (those branches say what other codes mean, not this one)."""
    end = context.end_byte
    if context.type == "if_statement":
        branches = (c for c in context.children if c.type in ("elif_clause", "else_clause"))
        end = next((c.start_byte for c in branches), end)
    return script.parsed.data[context.start_byte : end].decode("utf-8", errors="replace")


def _case(
    script: ShellScript, node: Node, reference: Reference, stored: _StoredCodes
) -> list[StatusGuard]:
    value = node.child_by_field_name("value")
    call = reference(value) if value is not None else None
    if value is None or call is None:
        return []
    found: list[StatusGuard] = []
    for item in node.named_children:
        if item.type != "case_item":
            continue
        patterns = [
            c for c in item.children if item.field_name_for_child(_index(item, c)) == "value"
        ]
        codes = [c for p in patterns if (c := bounded_int(_text(p))) is not None]
        if not codes or len(codes) != len(patterns):
            continue
        intents = intents_in(script.parsed.node_text(item), script.catalog)
        start, _ = script.parsed.span(patterns[0])
        _, end = script.parsed.span(patterns[-1])
        kept = tuple(c for c in codes if stored(value, c, call, script))
        beyond = tuple(c for c in codes if c > _MAX_STATUS)
        found.append(
            StatusGuard(
                start, end, call, tuple(codes), True, intents, stored=kept, out_of_range=beyond
            )
        )
    return found


def _index(parent: Node, child: Node) -> int:
    return next(i for i, c in enumerate(parent.children) if c.id == child.id)


def _guard_context(holder: Node) -> Node:
    """What a guard's intent is read from: its `if` or `elif` (condition and then-body, see
    `_guard_text`), or its statement."""
    current = holder
    while current.parent is not None:
        parent = current.parent
        if parent.type in ("if_statement", "elif_clause", "while_statement", "list"):
            return parent
        if parent.type in ("program", "compound_statement", "do_group", "function_definition"):
            return current
        current = parent
    return current


def _binary(holder: Node, data: bytes) -> list[tuple[Node, str, Node]]:
    """`left operator right` comparisons in a test, `(( ))` or `test` command."""
    found: list[tuple[Node, str, Node]] = []
    if holder.type == "command":
        words = [c for c in holder.named_children if c.type != "command_name"]
        for index in range(len(words) - 2):
            operator = _text(words[index + 1])
            if operator in _EQUAL or operator in _UNEQUAL:
                found.append((words[index], operator, words[index + 2]))
        return found
    for node in descendants(holder):
        if node.type != "binary_expression" or node is holder:
            continue
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is None or right is None:
            continue
        operator = data[left.end_byte : right.start_byte].decode("utf-8", "replace").strip()
        found.append((left, operator, right))
    return found
