"""The one reading of integers written in audited files (exit statuses, indices, counts)."""

from __future__ import annotations

# No exit status, array index, shift count or format field is longer; `int()` itself
# refuses more than 4,300 digits with a ValueError, and a long one costs quadratic time.
MAX_DIGITS = 18


def bounded_int(text: str, *, signed: bool = False) -> int | None:
    """The decimal integer `text` spells (a leading `-` too if `signed`), or None when it
    is not one or has more than `MAX_DIGITS` digits."""
    digits = text[1:] if signed and text.startswith("-") else text
    if not digits or len(digits) > MAX_DIGITS or not digits.isascii() or not digits.isdigit():
        return None
    return int(text)
