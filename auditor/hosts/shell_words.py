"""The text a shell word stands for, with each character mapped to where it was written.

Used to read shell code held in a shell word: the STRING of `bash -c STRING`
or a tmux shell-command. Quoting is undone character by character; an
expansion whose value is unknown becomes an opaque word.
"""

from __future__ import annotations

from auditor.hosts.mapped import MappedText
from auditor.shell.parse import Node, ShellText
from auditor.shell.words import MAX_VALUE_SIZE, Env, evaluate, string_children, unescaped
from auditor.value_budget import afford


def _unescape(text: str, start: int, *, quoted: bool) -> MappedText:
    """Remove backslash escapes (`words.unescape`), each character mapped to where it was
    written."""
    kept = unescaped(text, quoted=quoted)
    return MappedText("".join(char for _, char in kept), tuple(start + at for at, _ in kept))


# Characters the expansions of one word or here-document may add, as a value may hold
# (`MAX_VALUE_SIZE`): past it, an expansion keeps its spelling. A mapped character also
# keeps its offset, so each is charged to the file's value budget at this many bytes.
_MAPPED_BYTES = 16


class _Expansions:
    """What the expansions of one word or here-document have added so far."""

    __slots__ = ("added",)

    def __init__(self) -> None:
        self.added = 0

    def take(self, value: str | None) -> str | None:
        """`value`, where it may stand for its expansion: known, within the cap, and
        affordable; else None (the expansion keeps its spelling, or is opaque)."""
        if value is None or self.added + len(value) > MAX_VALUE_SIZE:
            return None
        if not afford(len(value) * _MAPPED_BYTES):
            return None
        self.added += len(value)
        return value


def word_text(node: Node, parsed: ShellText, env: Env) -> MappedText:
    """The value of a shell word, mapped to unit offsets; unknown parts are opaque."""
    return _word_text(node, parsed, env, _Expansions())


def _word_text(node: Node, parsed: ShellText, env: Env, expansions: _Expansions) -> MappedText:
    start, end = parsed.span(node)
    text = parsed.text[start:end]
    kind = node.type
    if kind == "raw_string":
        return MappedText.verbatim(text[1:-1], start + 1)
    if kind == "word":
        return _unescape(text, start, quoted=False)
    if kind in ("string", "concatenation"):
        parts: list[MappedText] = []
        for child in string_children(node):
            if isinstance(child, tuple):  # text of the string no child holds
                gap_start = parsed.char_offset(child[0])
                gap = parsed.text[gap_start : parsed.char_offset(child[1])]
                parts.append(_unescape(gap, gap_start, quoted=True))
                continue
            if child.type == '"':
                continue
            if child.type == "string_content":
                child_start, child_end = parsed.span(child)
                content = parsed.text[child_start:child_end]
                parts.append(_unescape(content, child_start, quoted=kind == "string"))
            elif child.is_named:
                parts.append(_word_text(child, parsed, env, expansions))
        return MappedText.join(parts)
    value = expansions.take(evaluate(node, env))
    return MappedText.at(value, start) if value is not None else MappedText.opaque(start)


def heredoc_text(
    body: Node, parsed: ShellText, env: Env, *, expands: bool, tabs: bool
) -> MappedText:
    """The text a here-document's body stands for, mapped to unit offsets: as written
    under a quoted delimiter (`<<'EOF'`); else with the values of its expansions (one
    unknown keeps its spelling, a variable of the text: `"$claude_path"` names its
    program) and its `\\$`, `\\``, `\\\\` escapes undone. `tabs` (`<<-`): without each
    line's leading tabs."""
    start, end = parsed.span(body)
    if not expands:
        return _untabbed(MappedText.verbatim(parsed.text[start:end], start), tabs)
    parts: list[MappedText] = []
    expansions = _Expansions()

    def literal(first: int, last: int) -> None:  # byte offsets of text no expansion holds
        at = parsed.char_offset(first)
        kept = unescaped(parsed.text[at : parsed.char_offset(last)], quoted=True, heredoc=True)
        parts.append(MappedText("".join(c for _, c in kept), tuple(at + i for i, _ in kept)))

    covered = body.start_byte
    for child in body.children:
        if child.start_byte > covered:
            literal(covered, child.start_byte)
        if child.type == "heredoc_content" or not child.is_named:
            literal(child.start_byte, child.end_byte)
        else:
            value = expansions.take(evaluate(child, env))
            child_start, child_end = parsed.span(child)
            written = parsed.text[child_start:child_end]
            parts.append(
                MappedText.at(value, child_start)
                if value is not None
                else MappedText.verbatim(written, child_start)
            )
        covered = max(covered, child.end_byte)
    if covered < body.end_byte:
        literal(covered, body.end_byte)
    return _untabbed(MappedText.join(parts), tabs)


def _untabbed(text: MappedText, tabs: bool) -> MappedText:
    """`text` without the tabs that start its lines, when `tabs` (`<<-` strips them)."""
    if not tabs:
        return text
    kept: list[int] = []
    leading = True  # at the start of a line
    for index, char in enumerate(text.text):
        if leading and char == "\t":
            continue
        leading = char == "\n"
        kept.append(index)
    return MappedText("".join(text.text[i] for i in kept), tuple(text.offsets[i] for i in kept))
