"""Marker tests that a failed run's stand-in text passes by accident.

`r="$(claude -p … || echo "NOT_FOUND")"` gives `r` a text of its own when the run
fails: the answer the script takes a failure for. A later `grep -qi "FOUND"` on `$r`,
meant to tell the two answers apart, finds its marker inside that text's longer word
(`NOT_FOUND`), so a failed run passes the test as a `FOUND` answer does: the test
judges nothing of the failure. A marker that matches the stand-in as a whole word
(`|| echo "ERROR"`, then `grep -q ERROR`) is the failure's own signal, and a test with
`-w` or `-x` matches whole words or lines only.
"""

from __future__ import annotations

import re

from auditor.shell.commands import SimpleCommand
from auditor.shell.model import ShellScript
from auditor.shell.parse import Node

_PRINTERS = frozenset({"echo", "printf"})
_GREPS = frozenset({"grep", "egrep", "fgrep"})
# grep options whose value is the next word (a pattern given so is read, the others not)
_VALUED = frozenset("efmABCd")
_LONG = {
    "--ignore-case": "i",
    "--word-regexp": "w",
    "--line-regexp": "x",
    "--fixed-strings": "F",
    "--quiet": "q",
    "--silent": "q",
}
_LITERAL = re.compile(r"[\w ,.:-]+")  # a pattern that means itself as a regular expression


def fallback_texts(script: ShellScript, command: SimpleCommand) -> frozenset[str]:
    """The texts a capture of `command` holds when it fails: what the command after its
    `||` prints, inside the same `$(…)` (`$(claude … || echo "NOT_FOUND")`)."""
    node = command.node
    while node.parent is not None and node.parent.type == "redirected_statement":
        node = node.parent
    chain = node.parent
    if chain is None or chain.type != "list" or chain.parent is None:
        return frozenset()
    if chain.parent.type != "command_substitution" or chain.named_children[:1] != [node]:
        return frozenset()
    operators = [c.type for c in chain.children if not c.is_named]
    after = chain.named_children[1:]
    if operators != ["||"] or len(after) != 1:
        return frozenset()
    printer = script.command_at(after[0])
    if printer is None or printer.command_name not in _PRINTERS:
        return frozenset()
    words = [w for w in printer.argv[1:] if w is None or not w.startswith("-")]
    if printer.command_name == "printf" or None in words or not words:
        return frozenset()  # (a format, or a word not known)
    return frozenset({" ".join(w for w in words if w is not None)})


def passed_by_fallback(script: ShellScript, read: Node, texts: frozenset[str]) -> bool:
    """Whether the read of a captured output at `read` is a `grep` for a marker that one
    of `texts` holds only inside a longer word: a failed run passes it by accident."""
    return fallback_grep(script, read, texts) is not None


def fallback_grep(script: ShellScript, read: Node, texts: frozenset[str]) -> SimpleCommand | None:
    """The `grep` reading `read` that one of `texts` passes by accident (see
    `passed_by_fallback`), or None."""
    grep = _grep_of(script, read) if texts else None
    found = _pattern(grep) if grep is not None else None
    if found is None:
        return None
    pattern, flags = found
    if "w" in flags or "x" in flags or not _LITERAL.fullmatch(pattern):
        return None
    marker = re.compile(re.escape(pattern), re.IGNORECASE if "i" in flags else 0)
    return grep if any(_inside_words(marker, text) for text in texts) else None


def _inside_words(marker: re.Pattern[str], text: str) -> bool:
    """Whether `marker` is in `text`, and only inside longer words (`FOUND` in
    `NOT_FOUND`)."""
    matches = list(marker.finditer(text))
    return bool(matches) and all(
        (m.start() > 0 and _word(text[m.start() - 1]))
        or (m.end() < len(text) and _word(text[m.end()]))
        for m in matches
    )


def _word(character: str) -> bool:
    return character.isalnum() or character == "_"


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


def _pattern(grep: SimpleCommand) -> tuple[str, str] | None:
    """A grep's one pattern and its option letters, when it reads its input (no file
    operand); None when they are not known (a pattern file, several patterns, a word not
    known)."""
    flags = "F" if grep.command_name == "fgrep" else ""
    patterns: list[str] = []
    operands: list[str] = []
    words = list(grep.argv[grep.program_index + 1 :])
    index = 0
    while index < len(words):
        word = words[index]
        index += 1
        if word is None:
            return None
        if word == "--" or not word.startswith("-") or word == "-":
            operands += [w for w in words[index - (word != "--") :] if w is not None]
            break
        if word.startswith("--"):
            if word.startswith("--regexp="):
                patterns.append(word.split("=", 1)[1])
            elif word in _LONG:
                flags += _LONG[word]
            else:
                return None  # (`--file=…`, an option not known)
            continue
        letters = word[1:]
        for position, letter in enumerate(letters):
            if letter not in _VALUED:
                flags += letter
                continue
            value = letters[position + 1 :]
            if not value and index < len(words):
                value, index = words[index] or "", index + 1
            if letter == "f":
                return None
            if letter == "e":
                patterns.append(value)
            break
    if not patterns and operands:
        patterns.append(operands.pop(0))
    return (patterns[0], flags) if len(patterns) == 1 and not operands else None
