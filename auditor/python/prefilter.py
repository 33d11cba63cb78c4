"""A fast look at a Python file's string literals, without importing libcst."""

from __future__ import annotations

import re

# String literals, roughly: triple-quoted, then single-line ones. A prefilter may
# over-match (a quote in a comment) but must not miss a literal.
_STRING = re.compile(
    r'(?s)("""|\'\'\')(?:\\.|(?!\1).)*\1'
    r"|\"(?:[^\"\\\n]|\\.)*\""
    r"|'(?:[^'\\\n]|\\.)*'"
)


def string_literals(text: str) -> str:
    """The text of every string literal in a Python file, joined by newlines."""
    return "\n".join(match.group(0) for match in _STRING.finditer(text))
