"""Marker tests that a failed run's stand-in text passes as an answer.

`r="$(claude -p … || echo "NOT_FOUND")"` gives `r` a text of its own when the run
fails: the answer the script takes a failure for. A later `grep -qi "FOUND"` on `$r`,
meant to tell the two answers apart, finds its marker in that text behind the word
that negates it (`NOT_`, `NOT `, `UN`, `NO_`), so a failed run takes the branch a
`FOUND` answer takes: the test judges nothing of the failure. A marker the stand-in
holds otherwise (`|| echo "CLAUDE_ERROR"`, then `grep -q ERROR`) is the failure's own
signal, and a test with `-w` or `-x` matches whole words or lines only.
"""

from __future__ import annotations

import re

from auditor.shell.commands import SimpleCommand
from auditor.shell.grep_words import grep_query
from auditor.shell.model import ShellScript
from auditor.shell.parse import Node

_PRINTERS = frozenset({"echo", "printf"})
_GREPS = frozenset({"grep", "egrep", "fgrep"})
# grep options whose value is the next word (a pattern given so is read, the others not)
# what ends the text right before a negated marker: `NOT_`, `not `, `UN`, `non-`
_NEGATION = re.compile(r"(?i)(?:\b(?:not|no|non)[ _-]?|\b(?:un|in|dis))$")
_LITERAL = re.compile(r"[\w ,:-]+")  # a pattern that means itself as a regular expression


def fallback_text(script: ShellScript, command: SimpleCommand) -> str | None:
    """The text a capture of `command` holds when it fails: what the `echo` after its
    `||` prints, inside the same `$(…)` (`$(claude … || echo "NOT_FOUND")`)."""
    node = command.node
    while node.parent is not None and node.parent.type == "redirected_statement":
        node = node.parent
    chain = node.parent
    if chain is None or chain.type != "list" or chain.parent is None:
        return None
    if chain.parent.type != "command_substitution" or chain.named_children[:1] != [node]:
        return None
    operators = [c.type for c in chain.children if not c.is_named]
    after = chain.named_children[1:]
    if operators != ["||"] or len(after) != 1:
        return None
    printer = script.command_at(after[0])
    if printer is None or printer.command_name != "echo":
        return None
    words = [w for w in printer.argv[1:] if w is None or not w.startswith("-")]
    if None in words or not words:
        return None  # (a word not known)
    return " ".join(w for w in words if w is not None)


def fallback_grep(script: ShellScript, read: Node, text: str | None) -> SimpleCommand | None:
    """The `grep` reading the captured output at `read` for a marker that the stand-in
    `text` holds behind a word that negates it (`FOUND` in `NOT_FOUND`): a failed run
    passes it as an answer does; None for any other read."""
    grep = _grep_of(script, read) if text else None
    query = grep_query(grep) if grep is not None else None
    if query is None or query.files or text is None:
        return None  # (with files, it reads them, not the output)
    pattern, flags = query.pattern, query.flags
    # (whole words or lines only; a pattern that is no plain text is not read)
    if "w" in flags or "x" in flags or not pattern.strip():
        return None
    if "F" not in flags and not _LITERAL.fullmatch(pattern):
        return None
    marker = re.compile(re.escape(pattern), re.IGNORECASE if "i" in flags else 0)
    return grep if _negated(marker, text) else None


def _negated(marker: re.Pattern[str], text: str) -> bool:
    """Whether `marker` is in `text`, and each time right behind a word that negates it
    (`NOT_FOUND`, `NOT FOUND`, `UNAPPROVED`, `NO_MATCH`)."""
    matches = list(marker.finditer(text))
    return bool(matches) and all(_NEGATION.search(text[: m.start()]) for m in matches)


def _grep_of(script: ShellScript, read: Node) -> SimpleCommand | None:
    """The `grep` that reads what `read` expands to: a later stage of the pipeline whose
    `echo`/`printf` prints it, or the command it is the here-string of."""
    node: Node | None = read
    while node is not None and node.type not in ("command", "herestring_redirect"):
        node = node.parent
    if node is None:
        return None
    if node.type == "herestring_redirect":
        holder = node.parent  # the command (`grep -q X <<< "$r"`), or a statement around it
        if holder is not None and holder.type == "redirected_statement":
            holder = holder.child_by_field_name("body")
        command = script.command_at(holder) if holder is not None else None
        return command if command is not None and command.command_name in _GREPS else None
    printer = script.command_at(node)
    pipeline = node.parent
    if printer is None or printer.command_name not in _PRINTERS or pipeline is None:
        return None
    if pipeline.type != "pipeline":
        return None
    stages = pipeline.named_children
    at = next((i for i, stage in enumerate(stages) if stage.id == node.id), None)
    if at is None or at + 1 >= len(stages):
        return None
    command = script.command_at(stages[at + 1])
    return command if command is not None and command.command_name in _GREPS else None
