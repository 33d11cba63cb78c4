"""Here-documents the grammar misreads where they start: a job fed by one (`cmd <<EOF &`),
and a command that goes on after its here-document's word on the same line (`if ! cmd
<<EOF; then`, `cmd <<EOF || fail`). Each mend is a few text edits (`repair.Repair`:
the same length, or an insertion) that keep what bash runs.
"""

from __future__ import annotations

import bisect
import functools
import re
from typing import NamedTuple

from tree_sitter import Node

Edit = tuple[int, int, bytes]  # `repair.Repair`'s fields: where, how long, the new text


def background_heredoc(error: Node, data: bytes) -> list[Edit]:
    """`cmd <<EOF &` then the body: a job fed by a here-doc, which the grammar reads as an
    error (in the redirect, or, with a comment after the `&`, around the `<<` with the body
    read as commands). Braces around the statement and its body, `{ cmd <<EOF … EOF\n} &`,
    put the whole of it (a list or a pipeline too) in the background as bash does; only
    an `&` that ends its line (a comment may follow) is mended."""
    start_line = data.rfind(b"\n", 0, error.start_byte) + 1
    if b"<<" not in data[start_line : error.end_byte]:
        return []  # no here-document starts on the error's line
    statement, levels = error.parent, 0  # (a node's `parent` walks down from the root)
    while statement is not None and statement.type != "heredoc_redirect" and levels < 4:
        statement, levels = statement.parent, levels + 1
    if statement is not None and statement.type != "heredoc_redirect":
        statement = None
    statement = statement.parent if statement is not None else None
    if statement is not None and statement.type == "redirected_statement":
        return _background_job(data, statement.start_byte, error.start_byte, statement.end_byte)
    operator, start = error.children[:2] if error.child_count >= 2 else (None, None)
    command, amp = error.prev_sibling, error.next_sibling
    if (
        operator is None
        or start is None
        or operator.type not in ("<<", "<<-")
        or start.type != "heredoc_start"
        or command is None
        or amp is None
    ):
        return []
    delimiter = re.sub(rb"[\\'\"]", b"", data[start.start_byte : start.end_byte])
    at = data.find(b"\n", amp.start_byte)
    while at != -1:
        end = data.find(b"\n", at + 1)
        line = data[at + 1 : len(data) if end == -1 else end]
        if (line.lstrip(b"\t") if operator.type == "<<-" else line) == delimiter:
            return _background_job(data, command.start_byte, amp.start_byte, at + 1 + len(line))
        at = end
    return []


def _background_job(data: bytes, start: int, amp: int, end: int) -> list[Edit]:
    """`{ ` at `start`, the `&` at `amp` moved to after `end` (`\n} &`), when that `&`
    ends its line or a comment follows it."""
    rest = data[amp + 1 : data.find(b"\n", amp)].strip()
    if data[amp : amp + 1] != b"&" or (rest and not rest.startswith(b"#")):
        return []
    return [(start, 0, b"{ "), (amp, 1, b" "), (end, 0, b"\n} &")]


# The first here-document a line starts (not a here-string `<<<`): its operator and word.
_HEREDOC = re.compile(rb"(?<!<)(<<-?)[ \t]*(['\"]?)([A-Za-z_][\w.-]*)\2")
# Where the command goes on after the here-document's word and its redirects: a `;`, `&&`,
# `||` or `|` outside quotes (a comment ends the scan; a `|` leaves the line alone).
_GOES_ON = re.compile(rb"""'[^']*'|"(?:[^"\\]|\\.)*"|(#)|(;|&&|\|\||\|)""")
# What may come before the command on its line: blanks, `if`, `elif`, `while`, `until`, `!`.
_LEAD = re.compile(rb"[ \t]*(?:(?:if|elif|while|until|!)[ \t]+)*")


def heredoc_in_list(error: Node, data: bytes, seen: set[int]) -> list[Edit]:
    """`if ! cmd <<EOF >/dev/null; then` then the body: the grammar reads no here-document
    whose command goes on after its word on the line. Moved after the closing word, the
    rest of the line keeps what bash runs: `then` (or `do`) on a line of its own, or, for
    an operator (`|| fail`, `&& next`), after a subshell around the command and its body
    (`( cmd <<EOF` … `EOF` `) || fail`: the same status; braces there the grammar misreads
    inside an `if`). Each here-document of the error's lines is looked at once (`seen`:
    the starts of their lines)."""
    found: list[Edit] = []
    at = data.rfind(b"\n", 0, error.start_byte) + 1
    while at < error.end_byte:
        end = data.find(b"\n", at)
        end = len(data) if end == -1 else end
        if at not in seen and b"<<" in data[at:end]:
            seen.add(at)
            found.extend(_moved_rest(data, at, end))
        at = end + 1
    return found


# A word after a here-document's word on its line (`<<'PY' "$a" x`): quoted or not.
_ITEM_WORD = rb"""(?:'[^'\n]*'|"(?:[^"\\\n]|\\.)*"|[^\s<>&|;()'"#])+"""
_WORD = re.compile(rb"[ \t]+" + _ITEM_WORD)
# a redirect there (`2>/dev/null`, `> "$out"`, `2>&1`)
_REDIRECT = re.compile(
    rb"[ \t]+[0-9]*(?:&>>?|>>?|<(?!<)|>&|<&)[ \t]*(?:&?[0-9-]|" + _ITEM_WORD + rb")"
)


def heredoc_arguments(error: Node, data: bytes, seen: set[int]) -> list[Edit]:
    """`python3 - <<'PY' "$a" > out`, `claude -p <<EOF 2>/dev/null | jq …`: arguments and
    redirects after the here-document's word, which the grammar reads as an error before
    a later redirect or a pipe (either alone it reads). Bash takes them as the command's
    wherever they stand among its redirects, so they and the here-document's operator and
    word swap places, `python3 - "$a" > out <<'PY'`: the same bytes in the same span (the
    body and the rest of the line stay). Each line an error starts on is looked at once
    (`seen`: the starts of those lines)."""
    line = data.rfind(b"\n", 0, error.start_byte) + 1
    if line in seen:
        return []
    seen.add(line)
    end = data.find(b"\n", line)
    end = len(data) if end == -1 else end
    heredoc = _HEREDOC.search(data, line, end)
    if heredoc is None or _commented(data, line, heredoc.start()):
        return []
    at = heredoc.end()
    while item := _REDIRECT.match(data, at, end) or _WORD.match(data, at, end):
        at = item.end()
    if at == heredoc.end():
        return []
    blanks = re.match(rb"[ \t]+", data[heredoc.end() : at])
    gap = blanks.group() if blanks else b" "
    items = data[heredoc.end() + len(gap) : at]
    return [(heredoc.start(), at - heredoc.start(), items + gap + heredoc.group())]


def heredoc_operators(root: Node, data: bytes) -> list[Edit]:
    """`cmd <<EOF || fail` then the body: read without error, but with `|| fail` inside
    the here-document's redirect (no list, so nothing reads the command's status). The
    same move as `heredoc_in_list` gives bash's tree. One walk of the tree's nodes."""
    if _GOES_ON_LINE.search(data) is None:
        return []  # no here-document's line goes on: the tree need not be walked
    found: list[Edit] = []
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "heredoc_redirect" and any(
            child.type in _OPERATORS for child in node.children
        ):
            start = data.rfind(b"\n", 0, node.start_byte) + 1
            end = data.find(b"\n", node.start_byte)
            if start not in seen:
                seen.add(start)
                found.extend(_moved_rest(data, start, len(data) if end == -1 else end))
        stack.extend(node.children)
    return found


_OPERATORS = frozenset({"&&", "||", ";"})  # tokens the grammar hangs inside a redirect
# a line that starts a here-document and has one of them after its word (roughly: a
# quoted `;` passes too; the walk then decides)
_GOES_ON_LINE = re.compile(rb"(?<!<)<<-?[ \t]*['\"]?[A-Za-z_][\w.-]*['\"]?[^\n]*?(?:&&|\|\||;)")


def _moved_rest(data: bytes, start: int, end: int) -> list[Edit]:
    """The edits that move the rest of the line `start`..`end` after its here-document."""
    heredoc = _HEREDOC.search(data, start, end)
    if heredoc is None:
        return []
    tail = None
    for match in _GOES_ON.finditer(data, heredoc.end(), end):
        if match.group(1):
            break  # a comment: the line's command ends before it
        if match.group(2) == b"|":
            return []  # a pipeline goes on: the grammar reads it (`misparse_repair` mends it)
        if match.group(2):
            tail = match.start()
            break
    while start >= 2 and data[start - 2 : start] == b"\\\n":  # a line a `\` continues
        start = data.rfind(b"\n", 0, start - 2) + 1
    lead = _LEAD.match(data, start, heredoc.start())
    command = lead.end() if lead is not None else start
    opening = b"( "
    substituted = _SUBSTITUTION_LEAD.match(data, start, heredoc.start())
    if substituted is not None:  # `x="$(cmd <<EOF || fallback`: the command starts inside
        command, opening = substituted.end(), b" ( "  # (`$( (`, never `$((`)
    if tail is None or command >= heredoc.start():
        return []
    close = _closing_line(data, end, heredoc.group(3), heredoc.group(1) == b"<<-")
    if close is None:
        return []
    rest = data[tail:end].rstrip()
    if rest.endswith(b"&") and not rest.endswith(b"&&"):
        return []  # a job: `background_heredoc`'s
    blank = (tail, len(rest), b" " * len(rest))
    keyword = _KEYWORD.match(rest)
    if keyword is not None:  # `; then`: a separator, then the keyword on a line of its own
        return [blank, (close, 0, b"\n" + rest[keyword.start(1) :])]
    return [(command, 0, opening), blank, (close, 0, b"\n)" + rest)]


_KEYWORD = re.compile(rb";[ \t]*(then|do)\b")
# A command substitution a line assigns, up to where its command starts (`local x="$(`).
_SUBSTITUTION_LEAD = re.compile(
    rb"[ \t]*(?:(?:local|export|declare|readonly|typeset)(?:[ \t]+-\w+)*[ \t]+)?"
    rb"[A-Za-z_]\w*=\"?\$\("
)


def _commented(data: bytes, start: int, at: int) -> bool:
    """Whether a comment starts on the line between `start` and `at`: a `#` outside
    quotes, at the line's start or after a blank (`echo "step #1"` holds none)."""
    for match in _GOES_ON.finditer(data, start, at):
        if match.group(1) and (match.start() == start or data[match.start() - 1] in b" \t"):
            return True
    return False


class _Body(NamedTuple):
    """A here-document: its start (`<<-?` and the word), where its body starts, and the
    end of its closing line."""

    heredoc: re.Match[bytes]
    start: int
    close: int

    @property
    def word(self) -> bytes:
        return self.heredoc.group(3)

    @property
    def tabs(self) -> bool:
        return self.heredoc.group(1) == b"<<-"


def _bodies(data: bytes) -> list[_Body]:
    """The here-documents of a text, in order: not one written in a comment, nor a `<<`
    inside a body (it starts nothing), nor one that never closes."""
    found: list[_Body] = []
    after = 0  # the end of the last body: a `<<` before it starts nothing
    for heredoc in _HEREDOC.finditer(data):
        line_start = data.rfind(b"\n", 0, heredoc.start()) + 1
        if heredoc.start() < after or _commented(data, line_start, heredoc.start()):
            continue
        line_end = data.find(b"\n", heredoc.end())
        if line_end == -1:
            break
        tabs = heredoc.group(1) == b"<<-"
        close = _closing_line(data, line_end, heredoc.group(3), tabs)
        if close is None:
            continue
        after = close
        found.append(_Body(heredoc, line_end + 1, close))
    return found


def here_document_repairs(data: bytes) -> list[Edit]:
    """The edits that let tree-sitter-bash 0.25 read here-document bodies as bash does,
    made before parsing: see `_prefixed_word` and `_leading_escapes`."""
    return [
        edit
        for body in _bodies(data)
        for edit in (*_prefixed_word(data, body), *_leading_escapes(data, body))
    ]


def _prefixed_word(data: bytes, body: _Body) -> list[Edit]:
    """`python3 - <<'PY'` with a body line that starts with the word (`PYTHON_OPTS = …`):
    tree-sitter-bash 0.25 ends the here-document there, and reads the rest of the body as
    shell; bash ends it only at a line that is the word alone. The word renamed, where it
    starts the here-document and on its closing line, to one of the same length that no
    line of the body starts with keeps what bash runs (the body is untouched)."""
    word = body.word
    lines = data[body.start : body.close - len(word)].split(b"\n")
    lines = [line.lstrip(b"\t") if body.tabs else line for line in lines]
    if not any(line.startswith(word) and line != word for line in lines):
        return []
    other = next(
        (
            candidate
            for fill in (b"Z", b"Q", b"X", b"_")
            if not any(line.startswith(candidate := fill * len(word)) for line in lines)
        ),
        None,
    )
    if other is None:
        return []
    return [(body.heredoc.start(3), len(word), other), (body.close - len(word), len(word), other)]


def _leading_escapes(data: bytes, body: _Body) -> list[Edit]:
    """A body line that starts with a backslash and holds a parenthesis (`\\$p =
    F('${a}')` in a PowerShell script written out): tree-sitter-bash 0.25 fails there. A
    blank inserted before the backslash lets it read the line; the body's text gains
    that blank, which nothing here reads as more than text."""
    found: list[Edit] = []
    at = body.start
    end = body.close - len(body.word)
    while at < end:
        line_end = data.find(b"\n", at, end)
        line_end = end if line_end == -1 else line_end
        line = data[at:line_end]
        if line[:1] == b"\\" and (b"(" in line or b")" in line):
            found.append((at, 0, b" "))
        at = line_end + 1
    return found


def _closing_line(data: bytes, after: int, word: bytes, tabs: bool) -> int | None:
    """The end of the line that closes the here-document whose first line starts after
    `after` (`word` alone on it, leading tabs stripped for `<<-`), or None."""
    ends = _closing_lines(data, word, tabs)
    index = bisect.bisect_right(ends, after)
    return ends[index] if index < len(ends) else None


@functools.lru_cache(maxsize=8)  # (the texts of the scripts being parsed)
def _closing_lines(data: bytes, word: bytes, tabs: bool) -> list[int]:
    """The ends of the lines of `data` that are `word` alone (after tabs, for `<<-`): one
    scan per word, however many here-documents close with it."""
    pattern = re.compile(rb"^" + (rb"\t*" if tabs else b"") + re.escape(word) + rb"$", re.M)
    return [match.end() for match in pattern.finditer(data)]
