"""Array elements by key: `declare -A AI_CMD=([claude]="claude -p")`, `AI_CMD[codex]=…`,
`${AI_CMD[claude]}`.

The shell model keeps an array as its elements in order (a tuple). Where a script names
the keys (an associative array, or `[3]=x` in an indexed one), it keeps them too, in a
tuple of the same length beside the elements, so an element read at a literal key is
the one written there. An element read at a key known only at run time
(`${AI_CMD[$AI_TOOL]}`) may be any of them (see `assignments.variants`).
"""

from __future__ import annotations

import re

_KEYED = re.compile(r"\[([^\]]*)\]\+?=(.*)", re.S)

Elements = tuple[str, ...]


def keyed_element(text: str) -> tuple[str, str] | None:
    """The key and value of an array literal's `[key]=value` element, as evaluated."""
    match = _KEYED.fullmatch(text)
    return (match.group(1), match.group(2)) if match else None


def implicit_keys(elements: Elements) -> Elements:
    """The keys of an array whose elements were given in order: `0`, `1`, …"""
    return tuple(str(index) for index in range(len(elements)))


def index_of(key: str) -> int | None:
    """The index a key names in an indexed array, if it is a literal number."""
    return int(key) if key.isdigit() and len(key) < 7 else None


def appended_index(keys: Elements) -> int:
    """The index `NAME+=(word)` gives its first word: one past the largest."""
    return max((index + 1 for key in keys if (index := index_of(key)) is not None), default=0)


def element_at(elements: Elements, keys: Elements | None, key: str) -> str | None:
    """The element at a literal key (an index, for an array of elements in order); ""
    (bash's value of an unset element) when none is there."""
    if keys is None:
        index = index_of(key)
        if index is None:
            return None  # `${A[i]}`: an arithmetic index known only at run time
        return elements[index] if index < len(elements) else ""
    return elements[keys.index(key)] if key in keys else ""


def with_element(
    elements: Elements, keys: Elements | None, key: str, value: str
) -> tuple[Elements, Elements]:
    """The array after `NAME[key]=value`: the element at the key replaced, or added."""
    keys = keys if keys is not None else implicit_keys(elements)
    if key in keys:
        index = keys.index(key)
        return (*elements[:index], value, *elements[index + 1 :]), keys
    return (*elements, value), (*keys, key)
