"""Text edits to Python source, at the positions the model gives.

A fix is an insertion or a replacement at exact `ast` positions, so
everything outside it keeps its formatting byte for byte; what an edit adds
follows the layout around it (one argument per line, trailing commas, the
file's line ends).
"""

from __future__ import annotations

import ast

from auditor.finding import Edit
from auditor.python.model.module import PythonModule


def keyword_edit(module: PythonModule, call: ast.Call, keyword: str) -> Edit | None:
    """An edit adding `keyword` (`max_retries=0`) as the call's last argument, in the
    call's own layout: after the last argument on its line, or on a line of its own when
    the arguments are one per line (with a trailing comma when they have one)."""
    text = module.source.text
    close = module.span(call)[1] - 1
    if text[close : close + 1] != ")":
        return None
    arguments: list[ast.expr | ast.keyword] = [*call.args, *call.keywords]
    if not arguments:
        return Edit(close, close, keyword)
    last = max(arguments, key=lambda argument: module.span(argument)[0])
    value = last.value if isinstance(last, ast.Starred | ast.keyword) else last
    end = _past_parentheses(text, module.span(call.func)[1], *module.span(value))
    start = module.span(last)[0]
    line_start = text.rfind("\n", 0, start) + 1
    indent = text[line_start:start]
    comma = _comma_index(text[end:close])
    if indent.strip() or (comma is None and "\n" not in text[end:close]):
        return Edit(end, end, f", {keyword}")  # arguments on the line of the call
    newline = "\r\n" if text[line_start - 2 : line_start] == "\r\n" else "\n"
    if comma is None:
        return Edit(end, end, f",{newline}{indent}{keyword}")
    line_end = text.find("\n", end + comma, close) + 1
    if not line_end:  # `check=True,)`
        return Edit(end, end, f", {keyword}")
    return Edit(line_end, line_end, f"{indent}{keyword},{newline}")


def _past_parentheses(text: str, after: int, start: int, end: int) -> int:
    """The end of a value with the parentheses around it (`key=(value)`), which `ast`
    leaves out of its span; `after`: where the callee ends (its own `(` comes next)."""
    opening = text.find("(", after)
    opened, index = 0, start
    while index > opening + 1 and text[index - 1] in " \t\r\n(":
        index -= 1
        opened += text[index] == "("
    while opened and end < len(text):
        if text[end] == ")":
            opened -= 1
        elif not text[end].isspace():
            break
        end += 1
    return end


def _comma_index(between: str) -> int | None:
    """Where the first comma outside a comment is, in the text between an argument and
    the `)` (which holds only brackets, blanks, comments and a comma)."""
    index = 0
    while index < len(between):
        if between[index] == "#":
            index = between.find("\n", index)
            if index < 0:
                return None
        elif between[index] == ",":
            return index
        index += 1
    return None
