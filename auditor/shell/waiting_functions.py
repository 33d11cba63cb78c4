"""Functions that wait for a job whose pid they are given, and pass its status on.

`wait_with_timeout "$pid" 600` waits for the job in `pid` when the function's
body waits on its first argument (`wait "$1"`, or `local pid="$1"` then
`wait "$pid"`) and returns what that `wait` returns: the `wait` is its last
command, or `return $?` follows it. A call of such a function is a `wait` for
the job whose pid it is given (`auditor.shell.jobs`), and the call's status is
the job's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from auditor.shell.commands import SimpleCommand
from auditor.shell.parse import Node, ShellText, descendants, enclosing_definition
from auditor.shell.status import is_last_statement

_ARGUMENT = re.compile(r'"?\$\{?([1-9])\}?"?')  # `$1`, `"${2}"`
_RETURN_STATUS = frozenset({"return", "return $?", 'return "$?"'})
_STORED = re.compile(r"(?:local\s+)?([A-Za-z_]\w*)=\$\?")  # `local ec=$?`, `rc=$?`


def waiting_functions(parsed: ShellText, commands: Sequence[SimpleCommand]) -> dict[str, int]:
    """The functions that wait for the job whose pid is their argument N and return its
    status: name -> N (the first such `wait` of each function)."""
    found: dict[str, int] = {}
    for command in commands:
        if command.command_name != "wait" or len(command.word_nodes) != 2:
            continue
        function = enclosing_definition(command.node)
        word = command.word_nodes[1]
        name = function.child_by_field_name("name") if function is not None else None
        if function is None or name is None or word is None or not _passes_on(command.node):
            continue
        index = argument_index(parsed.node_text(word), function, parsed)
        if index is not None:
            found.setdefault(parsed.node_text(name), index)
    return found


def argument_index(word: str, function: Node, parsed: ShellText) -> int | None:
    """Which argument of the function a `wait` operand is: `$N` itself, or a variable
    the function sets from `$N` (`local pid="$1"`) and nothing else."""
    direct = _ARGUMENT.fullmatch(word)
    if direct is not None:
        return int(direct.group(1))
    variable = re.fullmatch(r'"?\$\{?([A-Za-z_]\w*)\}?"?', word)
    if variable is None:
        return None
    sources: set[str] = set()
    for node in descendants(function):
        if node.type != "variable_assignment":
            continue
        target, value = node.child_by_field_name("name"), node.child_by_field_name("value")
        if target is not None and parsed.node_text(target) == variable.group(1):
            sources.add(parsed.node_text(value) if value is not None else "")
    matches = [_ARGUMENT.fullmatch(source) for source in sources]
    if len(matches) == 1 and matches[0] is not None:
        return int(matches[0].group(1))
    return None


def _passes_on(wait: Node) -> bool:
    """Whether the function returns what the `wait` returns: `return $?` follows it, or
    it ends the function (the last statement of every block around it)."""
    statement = wait
    while statement.parent is not None and statement.parent.type == "redirected_statement":
        statement = statement.parent
    after = statement.next_named_sibling
    while after is not None and after.type == "comment":
        after = after.next_named_sibling
    if after is not None and (after.text or b"").decode("utf-8", "replace") in _RETURN_STATUS:
        return True
    kept = _STORED.fullmatch((after.text or b"").decode("utf-8", "replace")) if after else None
    if kept is not None and _returned_last(statement, kept.group(1)):
        return True  # `wait "$pid"; local ec=$?` … `return "$ec"`
    current = statement
    while current.type != "function_definition":
        parent = current.parent
        if parent is None or not is_last_statement(current):
            return False
        if parent.type not in ("compound_statement", "function_definition"):
            return False  # in an `if`, a loop, a list: another path may return otherwise
        current = parent
    return True


def _returned_last(statement: Node, name: str) -> bool:
    """Whether the function holding `statement` ends with `return "$name"` and sets
    `name` nowhere else (the status kept after its `wait` is the one it returns)."""
    function = enclosing_definition(statement)
    body = function.child_by_field_name("body") if function is not None else None
    if function is None or body is None:
        return False
    statements = [c for c in body.named_children if c.type != "comment"]
    last = (statements[-1].text or b"").decode("utf-8", "replace") if statements else ""
    if re.fullmatch(rf'return\s+"?\$\{{?{re.escape(name)}\}}?"?', last) is None:
        return False
    assigned = [
        node
        for node in descendants(function)
        if node.type == "variable_assignment"
        and (node.child_by_field_name("name") or node).text == name.encode()
    ]
    return len(assigned) == 1
