"""Make untrusted text (source lines, file names, messages) safe to print.

Audited files are attacker-controlled: a source line or a file name may hold
terminal escape sequences that recolour, hide or rewrite what a reviewer sees.
Every human-facing renderer passes such text through `printable` first.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

# C0 controls except tab, DEL, C1 controls, lone surrogates (undecodable file
# name bytes), line/paragraph separators, and the bidirectional overrides and
# isolates that "Trojan Source" attacks use to reorder displayed code.
# (Patterns are strings compiled on first use, through `re`'s cache: a run compiles only
# those its report needs.)
_UNPRINTABLE = (
    "[\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]"
)
_UNPRINTABLE_KEEP_NEWLINES = (
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]"
)
# What `json.dumps(ensure_ascii=False)` leaves raw but a terminal would act on: DEL,
# C1 controls (U+009B is CSI), line separators and bidi controls.
_JSON_RAW_CONTROLS = "[\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]"
_SHORT = {"\n": "\\n", "\r": "\\r"}
_SURROGATE = "[\ud800-\udfff]"

T = TypeVar("T")


def escape_char(char: str) -> str:
    """The visible escape of one character: `\\n`, `\\x1b`, `\\u202e`."""
    if char in _SHORT:
        return _SHORT[char]
    point = ord(char)
    return f"\\x{point:02x}" if point < 0x100 else f"\\u{point:04x}"


def _escape_match(match: re.Match[str]) -> str:
    return escape_char(match.group())


def printable(text: str, *, keep_newlines: bool = False) -> str:
    """`text` with control, bidi and surrogate characters shown as visible escapes."""
    pattern = _UNPRINTABLE_KEEP_NEWLINES if keep_newlines else _UNPRINTABLE
    return re.sub(pattern, _escape_match, text)


def replace_surrogates(text: str) -> str:
    """`text` with lone surrogates shown as escapes, so it encodes as UTF-8."""
    return re.sub(_SURROGATE, _escape_match, text)


def scrub(value: T) -> T:
    """A copy of a JSON-like tree whose strings all encode as UTF-8."""
    if isinstance(value, str):
        return replace_surrogates(value)  # type: ignore[return-value]
    if isinstance(value, dict):
        return {scrub(key): scrub(item) for key, item in value.items()}  # type: ignore[return-value]
    if isinstance(value, list):
        return [scrub(item) for item in value]  # type: ignore[return-value]
    return value


def json_text(value: Any) -> str:
    """`value` as indented UTF-8 JSON that is also safe to print on a terminal.

    The serializer escapes C0 controls; the other controls are written as `\\uXXXX`
    escapes too. They only ever occur inside JSON strings, so the data is unchanged.
    """
    import json  # only the JSON and SARIF reports need it

    text = json.dumps(scrub(value), indent=2, ensure_ascii=False)
    return re.sub(_JSON_RAW_CONTROLS, lambda match: f"\\u{ord(match.group()):04x}", text)
