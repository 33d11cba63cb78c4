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
from auditor.shell.parse import Node, descendants, enclosing_definition, other_branch, within

_EQUAL = frozenset({"-eq", "==", "="})
_MAX_STATUS = 255  # an exit status is 0 to 255 (`exit 429` arrives as 173)
_UNEQUAL = frozenset({"-ne", "!="})
Reference = Callable[[Node], "AgentCall | None"]  # the call whose status a word holds
Binding = Callable[[Node], "AgentCall | None"]  # the run whose status an assignment stores


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


def status_guards(script: ShellScript, reference: Reference, binding: Binding) -> list[StatusGuard]:
    """Every comparison or `case` arm on a status `reference` traces to an agent call
    (`binding`: the run whose status an assignment stores, for the codes another arm's
    may hold)."""
    found: list[StatusGuard] = []
    stored = _StoredCodes(script.parsed.nodes(), binding)
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
    """The codes a guard's variable may hold that are not the run's: an integer literal
    the script itself assigns it between the run whose status it holds and the guard, in
    the guard's function (`rc=429` after grepping the log), or any code at all where an
    arm of an `if`/`case` other than the run's assigns it (`rc=$?` after a `perl`
    timeout wrapper in one arm, the agent's in the other; where that arm stores another
    run's status, the codes that run exits with): a variable holds every value
    a path gives it, so the guard can meet them whatever the agent exits with
    (`StatusGuard.stored`)."""

    def __init__(self, nodes: list[Node], binding: Binding) -> None:
        self._nodes = nodes
        self._binding = binding
        # name -> (assignment, function around it, code or None), read when a guard is found
        self._found: dict[str, list[tuple[Node, int | None, int | None]]] | None = None
        self._commands: dict[int, Node] | None = None  # command nodes by their start

    def __call__(self, word: Node, code: int, call: AgentCall, script: ShellScript) -> bool:
        """Whether the variable `word` expands (`$rc`, `"${rc}"`) may hold `code` from
        elsewhere than the run `call` where `word` reads it."""
        if self._found is None:
            self._found = {}
            for node in self._nodes:
                if node.type != "variable_assignment":
                    continue
                named, value = node.child_by_field_name("name"), node.child_by_field_name("value")
                number = bounded_int(_text(value).strip("\"'"), signed=True) if value else None
                if named is not None:
                    scope = enclosing_definition(node)
                    place = (node, scope.id if scope else None, number)
                    self._found.setdefault(_text(named), []).append(place)
        name = _text(word).strip("\"'").lstrip("$").strip("{}")
        scope = enclosing_definition(word)
        here = scope.id if scope else None
        start, _ = script.parsed.span(word)
        run = self._command_at(call.start, script)
        branching = _outermost_branching(run) if run is not None else None
        for node, function, number in self._found.get(name, ()):
            if function != here or node.start_byte >= word.start_byte:
                continue
            if number == code and call.end <= script.parsed.char_offset(node.start_byte) < start:
                return True
            if run is None or branching is None or not within(node, branching):
                continue
            if other_branch(node, run):
                # another arm gives it a value of its own: any code, or one the run it
                # stores the status of may exit with
                other = self._binding(node)
                if other is None or other.codes.emits(code):
                    return True
        return False

    def _command_at(self, offset: int, script: ShellScript) -> Node | None:
        """The command node that starts at unit offset `offset` (indexed once)."""
        if self._commands is None:
            spans = ((script.parsed.span(n)[0], n) for n in self._nodes if n.type == "command")
            self._commands = dict(spans)
        return self._commands.get(offset)


def _outermost_branching(node: Node) -> Node | None:
    """The outermost `if` or `case` around `node` (past the functions it is in): only
    there can another arm than its own assign a variable."""
    found = None
    current = node.parent
    while current is not None:
        if current.type in ("if_statement", "case_statement"):
            found = current
        current = current.parent
    return found


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
