"""Items a polling loop leaves pending when the run on one fails.

A loop over the items waiting for work (`for f in "$INBOX"/*.md`), run again and again
by an endless poll loop, that skips the items it has marked done (`is_processed "$f" &&
continue`, `[ -e "$f.done" ] && continue`) and marks an item only after its run
(`mark_processed "$f"`, `mv "$f" done/`): a failed run that `continue`s past the mark
leaves the item pending, and the next round of the poll loop runs it again. The marks
are its retry layer, as a queue a worker puts a failed item back on is one
(`auditor.python.runner.requeue`).
"""

from __future__ import annotations

import re

from auditor.shell.commands import MESSAGE_COMMANDS, NO_EFFECT_BUILTINS, SimpleCommand
from auditor.shell.model import ShellScript
from auditor.shell.parse import Node, descendants, enclosing_loop, named, within
from auditor.shell.written_files import written_file

# Commands that only tell of the item (`log_info "done: $f"`): no mark
_TELLING = re.compile(r"(?i)^(?:log|echo|print|say|info|warn|error|debug|notify)")
# A skip that tests only that the item is still there (`[ -f "$f" ] || continue`)
_EXISTS = r"^\[\[?\s+-[efsr]\s+\"?\$\{{?{name}\}}?\"?\s+\]\]?\s*(?:\|\||&&)\s*continue$"


def leaves_pending(script: ShellScript, items: Node, command: SimpleCommand) -> bool:
    """Whether a `for` loop over items marks an item after the run of `command` and never
    on the way a failed run takes, and takes no marked item again: one it moves away
    (`mv "$f" done/`), or one that a test before the run skips (`is_done "$f" &&
    continue`): a run that ends its iteration early leaves the item pending."""
    variable = items.child_by_field_name("variable")
    body = items.child_by_field_name("body")
    if items.type != "for_statement" or variable is None or body is None:
        return False
    name = script.parsed.node_text(variable)
    mention = re.compile(rf"\$\{{?{re.escape(name)}\b")
    statements = named(body)
    at = next((i for i, s in enumerate(statements) if within(command.node, s)), None)
    if at is None:
        return False
    # (the statement that runs it holds the way a failure takes: `|| { …; continue; }`)
    own = [n for n in descendants(statements[at]) if not within(n, command.node)]
    if any(_marks(script, node, mention) for node in own):
        return False  # a failure is marked too (`mv "$f" failed/`, `touch "$f.failed"`)
    marks = [
        node
        for s in statements[at + 1 :]
        for node in (s, *descendants(s))
        if _marks(script, node, mention)
    ]
    if not marks:
        return False
    if any(script.name_at(m) in _TAKERS for m in marks):
        return True  # the mark takes the item out of what the next round walks
    exists = re.compile(_EXISTS.format(name=re.escape(name)))
    return any(
        _continues(script, statement, items)
        and mention.search(text := " ".join(script.parsed.node_text(statement).split()))
        and not exists.match(text)
        for statement in statements[:at]
    )


# Marks that take the item out of the folder the loop walks
_TAKERS = frozenset({"mv", "rm"})


def _continues(script: ShellScript, statement: Node, loop: Node) -> bool:
    """Whether a statement holds a `continue` of `loop`."""
    return any(
        node.type == "command"
        and script.name_at(node) == "continue"
        and (inner := enclosing_loop(node)) is not None
        and inner.id == loop.id
        for node in (statement, *descendants(statement))
    )


def _marks(script: ShellScript, node: Node, mention: re.Pattern[str]) -> bool:
    """Whether a node is a command that records something of the item (`mark_done "$f"`,
    `mv "$f" done/`, `echo "$f" >> processed.txt`), not one that only prints or tells of
    it."""
    if node.type != "command" or not mention.search(script.parsed.node_text(node)):
        return False
    name = script.name_at(node) or ""
    holder = node.parent
    if name in MESSAGE_COMMANDS and holder is not None and holder.type == "redirected_statement":
        return any(written_file(r) for r in holder.named_children if r.type == "file_redirect")
    return bool(name) and name not in NO_EFFECT_BUILTINS and not _TELLING.match(name)
