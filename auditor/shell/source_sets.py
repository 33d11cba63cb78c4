"""A sourced path known up to its file name: the set of files it may name.

`source "$SCRIPT_DIR/runners/${RUNNER_TYPE}.sh"` reads one of the files that
match `runners/*.sh` beside the script (which, the environment says as it runs);
`for lib in "$SCRIPT_DIR"/lib/*.sh; do source "$lib"; done` reads each file that
matches `lib/*.sh`, in the sorted order bash's glob gives. Either way the path is
a pattern relative to the script's folder: a folder known statically (as
`includes.sourced_relative` knows one) and a last part whose run-time pieces
(`$NAME`, `${NAME…}`, and the glob's own `*`, `?`) match any text there.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping

from auditor.shell.includes import matching_names, sourced_relative, unquoted

# a parameter expansion without a command in it: `$NAME`, `${NAME}`, `${NAME:-x}`
_EXPANSION = re.compile(r"\$(?:\{[^{}$`()]*\}|[A-Za-z_]\w*)")
_PATTERN_PART = re.compile(r"^[\w.+*?-]+$")
_MAX_DEFAULTS = 4  # nested defaults followed in a sourced path
_DEFAULTED = re.compile(r"\$\{[A-Za-z_]\w*:?-(?P<value>.+)\}")
_VARIABLE = re.compile(r'"?\$(?:(?P<name>[A-Za-z_]\w*)|\{(?P<braced>[A-Za-z_]\w*)\})"?')


def is_pattern(relative: str) -> bool:
    """Whether a sourced path names a set of files (it holds `*` or `?`)."""
    return "*" in relative or "?" in relative


def variable_tail(word: str) -> str | None:
    """The rest of a path behind a leading variable set at run time, its file name known
    only in part as a pattern (`"$ROOT/commands/$cmd.sh"` -> `commands/*.sh`): read from
    the nearest folder above the script that holds matching files (`NEAREST`); None
    when its folders are not literal, its file name has no literal part, or a pattern
    names no folder (`"$TMPDIR/$name.sh"` may be any file anywhere)."""
    text = unquoted(word.strip())
    head = _LEADING.match(text)
    if head is None:
        return None
    folder, _, last = text[head.end() :].rpartition("/")
    name = _EXPANSION.sub("*", last)
    if not _PATTERN_PART.match(name) or not name.strip("*?") or not _LITERAL.match(folder):
        return None
    if is_pattern(name) and not folder:
        return None  # `"$TMPDIR/$name.sh"`: no folder of the project says which files
    return f"{folder}/{name}" if folder else name


_LEADING = re.compile(r"^\$(?:\{[A-Za-z_]\w*\}|[A-Za-z_]\w*)/")
_LITERAL = re.compile(r"^[\w./+-]*$")


def sourced_pattern(word: str, script_dirs: Mapping[str, str]) -> str | None:
    """The pattern a `source` word names relative to the script's folder when only its
    last part is known at run time (`"$DIR/runners/${TYPE}.sh"`: `runners/*.sh`), or
    None: a path known whole, a folder not known statically, or a last part that is a
    command's output or nothing but run-time text."""
    head, slash, tail = unquoted(word.strip()).rpartition("/")
    if not slash or not head:
        return None
    last = _EXPANSION.sub("*", tail)
    if not _PATTERN_PART.match(last) or not is_pattern(last) or not last.strip("*?"):
        return None
    # the folder as `sourced_relative` reads one: its path with a literal file name
    folder = sourced_relative(f"{head}/_", script_dirs)
    if folder is None:
        return None
    return posixpath.join(posixpath.dirname(folder), last)


def sourced_paths(
    word: str, script_dirs: Mapping[str, str], path_variables: Mapping[str, tuple[str, ...]]
) -> tuple[str, ...]:
    """The paths, relative to the script's folder, that a `source` word (or a value
    assigned to a variable) names: a path `sourced_relative` knows, or a pattern
    `sourced_pattern` does, or those a variable was given (`path_variables`: by name,
    what `file="$DIR/x.sh"` or `for file in "$DIR"/lib/*.sh` gave it); none when it
    names none known statically."""
    named = _VARIABLE.fullmatch(word.strip())
    if named is not None:
        held = path_variables.get(named["name"] or named["braced"])
        if held is not None:
            return held
    # `"${DISPATCH_LIB:-$DIR/lib/dispatch.sh}"`: the default, what runs when nothing
    # overrides it (as a runner's environment lookups are read)
    written = unquoted(word.strip())
    for _ in range(_MAX_DEFAULTS):  # (`${A:-${B:-lib/x.sh}}`: the innermost)
        defaulted = _DEFAULTED.fullmatch(written)
        if defaulted is None:
            break
        written = unquoted(defaulted["value"])
    if _DEFAULTED.fullmatch(written):
        return ()  # defaults nested deeper than followed
    if written != unquoted(word.strip()):
        word = written
        named = _VARIABLE.fullmatch(word)
        held = path_variables.get(named["name"] or named["braced"]) if named else None
        if held is not None:
            return held
    found = sourced_relative(word, script_dirs) or sourced_pattern(word, script_dirs)
    return (found,) if found else ()


def pattern_targets(pattern: str, by_folder: Mapping[str, list[str]]) -> list[str]:
    """The display paths a pattern (joined to its script's folder) names among the files
    of a run, grouped `by_folder` (a folder's display path -> its files' names)."""
    folder = posixpath.dirname(pattern)
    names = matching_names(by_folder.get(folder, ()), pattern)
    return [posixpath.join(folder, name) if folder else name for name in names]
