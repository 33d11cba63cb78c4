"""The text a shell word stands for, with each character mapped to where it was written.

Used to read shell code held in a shell word: the STRING of `bash -c STRING`
or a tmux shell-command. Quoting is undone character by character; an
expansion whose value is unknown becomes an opaque word.
"""

from __future__ import annotations

from auditor.hosts.mapped import MappedText
from auditor.shell.parse import Node, ShellText
from auditor.shell.words import Env, evaluate, string_children, unescaped


def _unescape(text: str, start: int, *, quoted: bool) -> MappedText:
    """Remove backslash escapes (`words.unescape`), each character mapped to where it was
    written."""
    kept = unescaped(text, quoted=quoted)
    return MappedText("".join(char for _, char in kept), tuple(start + at for at, _ in kept))


def word_text(node: Node, parsed: ShellText, env: Env, *, expands: bool = True) -> MappedText:
    """The value of a shell word, mapped to unit offsets; unknown parts are opaque. A
    here-document's body is one too (`expands`: its delimiter is not quoted)."""
    start, end = parsed.span(node)
    text = parsed.text[start:end]
    kind = node.type
    if kind == "raw_string":
        return MappedText.verbatim(text[1:-1], start + 1)
    if kind == "word":
        return _unescape(text, start, quoted=False)
    if kind == "heredoc_body" and not expands:  # `<<'EOF'`: the body as written
        return MappedText.verbatim(text, start)
    if kind in ("string", "concatenation", "heredoc_body"):
        parts: list[MappedText] = []
        for child in string_children(node):
            if isinstance(child, tuple):  # text of the string no child holds
                gap_start = parsed.char_offset(child[0])
                gap = parsed.text[gap_start : parsed.char_offset(child[1])]
                parts.append(_unescape(gap, gap_start, quoted=True))
                continue
            if child.type == '"':
                continue
            if child.type in ("string_content", "heredoc_content"):
                child_start, child_end = parsed.span(child)
                content = parsed.text[child_start:child_end]
                parts.append(_unescape(content, child_start, quoted=kind != "concatenation"))
            elif child.is_named and kind == "heredoc_body":
                # a value unknown where the script is written keeps its spelling there, a
                # variable of the written script (`"$claude_path"` names its program)
                value = evaluate(child, env)
                child_start, child_end = parsed.span(child)
                parts.append(
                    MappedText.at(value, child_start)
                    if value is not None
                    else MappedText.verbatim(parsed.text[child_start:child_end], child_start)
                )
            elif child.is_named:
                parts.append(word_text(child, parsed, env))
        return MappedText.join(parts)
    value = evaluate(node, env)
    if value is not None:
        return MappedText.at(value, start)
    return MappedText.opaque(start)
