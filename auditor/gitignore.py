"""Gitignore-style patterns and ignore files: compiled once into one matcher, matched as git
matches them, at a cost no pattern can make grow past polynomial in the path's length.

Patterns are matched segment by segment, without regular expressions: a regex translation
(pathspec's) backtracks, so `*a*a*a*a*a*a*a*a*a*a*b` against a long name, or eight `**`
against a deep path, took minutes. Here a segment glob is matched by the two-pointer
wildcard algorithm (pattern length times name length), and `**` by a table over the
path's segments (their count squared, per pattern), whatever the pattern holds. The
semantics are git's as pathspec's `GitIgnoreSpec` implements them: a pattern without a
slash matches at any depth, a leading slash anchors it, a trailing slash matches
directories only, a pattern matches everything below a directory it matches, `!`
re-includes, and a pattern that matches the path itself outweighs one that only matches
a directory above it.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

IGNORE_FILE_LIMIT = 1024 * 1024  # bytes read of one ignore file
# Every path is matched against every pattern in effect above it, so a checkout
# could make discovery crawl with huge or deeply stacked ignore files. Beyond
# these, an ignore file is not used (and said so): runaudit audits more, not less.
_GITIGNORE_PATTERNS = 2_000  # in one file
_GITIGNORE_IN_EFFECT = 5_000  # in all the files over one directory
_GITIGNORE_FILES = 32  # ignore files stacked over one directory

_GLOBSTAR = "**"
_WILD = re.compile(r"[*?\[\\]")  # what makes a segment more than a plain name
_STAR, _ONE, _CLASS, _CHAR = range(4)  # the kinds of a segment glob's tokens


class _Class(NamedTuple):
    """A bracket expression: `[a-z_]`, `[!0-9]`."""

    negated: bool
    chars: frozenset[str]
    ranges: tuple[tuple[str, str], ...]


# A token: (kind, value): the character of a _CHAR, the class of a _CLASS, else None.
_Token = tuple[int, "str | _Class | None"]


class InvalidPattern(ValueError):
    """A pattern git would not use (a trailing `\\`, a reversed range `[z-a]`, nothing)."""


class _Glob(NamedTuple):
    """One segment's glob: its tokens, and how many characters a name needs at least."""

    tokens: tuple[_Token, ...]
    needs: int
    literal: str | None  # the segment itself when it has no wildcard

    @property
    def suffix(self) -> str | None:
        """The literal rest of a glob that is one leading `*` (`*.pyc`), else None."""
        first, rest = (self.tokens[0], self.tokens[1:]) if self.tokens else (None, ())
        if first is None or first[0] != _STAR or not all(k == _CHAR for k, _ in rest):
            return None
        return "".join(str(v) for _, v in rest)


class Pattern(NamedTuple):
    """One compiled pattern."""

    segments: tuple[_Glob | None, ...]  # None: `**`
    negated: bool
    directory_only: bool
    needs: int  # path segments it needs at least (`**` needs none)
    everything: bool = False  # `*`: every path, itself (a directory's too)


def compile_pattern(line: str) -> Pattern | None:
    """A gitignore line compiled; None for a blank line or a comment. `InvalidPattern`
    for a line git would not use."""
    if not line.endswith("\\ "):
        line = line.rstrip()
    if not line or line.startswith("#") or line == "/":
        return None
    negated = line.startswith("!")
    if negated:
        line = line[1:]
    parts = line.split("/")
    directory_only = not parts[-1]
    if not parts[0]:
        del parts[0]  # a leading slash anchors the pattern
    elif len(parts) == 1 or (len(parts) == 2 and not parts[1]):
        # no slash but a trailing one: at any depth
        parts[:0] = [] if parts[0] == _GLOBSTAR else [_GLOBSTAR]
    if not parts:
        raise InvalidPattern("it names nothing")
    if not parts[-1]:
        parts[-1] = _GLOBSTAR
    segments: list[_Glob | None] = []
    for part in parts:
        if part == _GLOBSTAR:
            if segments and segments[-1] is None:
                continue  # `**/**` is `**`
            segments.append(None)
        else:
            segments.append(_segment(part))
    needs = sum(1 for segment in segments if segment is not None)
    everything = parts == [_GLOBSTAR, "*"]
    return Pattern(tuple(segments), negated, directory_only, needs, everything)


def _segment(text: str) -> _Glob:
    """A segment's glob: `*` (any run but `/`; alone, a non-empty one), `?`, `[…]`, `\\x`."""
    if text == "*":
        return _Glob(((_STAR, None), (_ONE, None)), 1, None)  # `[^/]+`: one or more
    if not _WILD.search(text):  # most segments: a plain name
        return _Glob((), len(text), text)
    tokens: list[_Token] = []
    i, end = 0, len(text)
    while i < end:
        char = text[i]
        i += 1
        if char == "\\":
            if i == end:
                raise InvalidPattern("a trailing `\\` escapes nothing")
            tokens.append((_CHAR, text[i]))
            i += 1
        elif char == "*":
            if not tokens or tokens[-1][0] != _STAR:  # `***` is `*`
                tokens.append((_STAR, None))
        elif char == "?":
            tokens.append((_ONE, None))
        elif char == "[":
            closing = _bracket_end(text, i)
            if closing is None:
                raise InvalidPattern("a `[` is not closed")
            tokens.append((_CLASS, _bracket(text[i:closing], text)))
            i = closing + 1
        else:
            tokens.append((_CHAR, char))
    needs = sum(1 for kind, _ in tokens if kind != _STAR)
    plain = all(kind == _CHAR for kind, _ in tokens)
    return _Glob(tuple(tokens), needs, "".join(str(t) for _, t in tokens) if plain else None)


def _bracket_end(text: str, start: int) -> int | None:
    """Where the bracket expression opened before `start` closes (`[]…]`, `[!]…]` hold `]`)."""
    j = start
    if j < len(text) and text[j] in "!^":
        j += 1
    if j < len(text) and text[j] == "]":
        j += 1
    closing = text.find("]", j)
    return closing if closing >= 0 else None


def _bracket(body: str, text: str) -> _Class:
    """A bracket expression's body (of the segment `text`) compiled."""
    negated = bool(body) and body[0] in "!^"
    if negated:
        body = body[1:]
    chars: set[str] = set()
    ranges: list[tuple[str, str]] = []
    i = 0
    while i < len(body):
        if i + 2 < len(body) and body[i + 1] == "-":
            low, high = body[i], body[i + 2]
            if low > high:
                raise InvalidPattern(f"the range `{low}-{high}` is reversed")
            ranges.append((low, high))
            i += 3
        else:
            chars.add(body[i])
            i += 1
    return _Class(negated, frozenset(chars), tuple(ranges))


def _token_matches(token: _Token, char: str) -> bool:
    kind, value = token
    if kind == _ONE:
        return True
    if kind == _CHAR:
        return char == value
    assert isinstance(value, _Class)
    inside = char in value.chars or any(low <= char <= high for low, high in value.ranges)
    return inside != value.negated


@functools.lru_cache(maxsize=4096)
def _suffix_of(glob: _Glob) -> str | None:
    return glob.suffix  # found once per glob


def glob_matches(glob: _Glob, name: str) -> bool:
    """Whether a segment glob matches a whole name: the two-pointer wildcard algorithm, which
    only ever goes back to the last `*` (an earlier one can take whatever it would have)."""
    if glob.literal is not None:
        return glob.literal == name
    if len(name) < glob.needs:
        return False
    suffix = _suffix_of(glob)
    if suffix is not None:  # `*.pyc`, the most common shape: one comparison
        return name.endswith(suffix)
    tokens = glob.tokens
    t = n = 0
    star, resume = -1, 0
    while n < len(name):
        if t < len(tokens) and tokens[t][0] == _STAR:
            star, resume = t, n
            t += 1
        elif t < len(tokens) and _token_matches(tokens[t], name[n]):
            t += 1
            n += 1
        elif star >= 0:
            resume += 1
            t, n = star + 1, resume
        else:
            return False
    return all(kind == _STAR for kind, _ in tokens[t:])


def pattern_matches(pattern: Pattern, parts: Sequence[str]) -> int:
    """How a pattern matches a path split at `/` (a directory's ends in ''): 2 the path
    itself, 1 a directory above it (or, for a directory-only pattern, the directory),
    0 not at all."""
    segments = pattern.segments
    if pattern.everything:
        return 2 if any(parts) else 0
    if pattern.needs > len(parts):
        return 0
    if len(segments) == 2 and segments[0] is None and segments[1] is not None:
        # a name at any depth (`*.pyc`, `node_modules`), most lines of an ignore file:
        # what the walk below finds, without its tables
        glob = segments[1]
        if glob_matches(glob, parts[-1]):
            return 2
        return 1 if any(glob_matches(glob, part) for part in parts[:-1]) else 0
    # reach[k]: the segments so far can take exactly the first k parts.
    reach = [True] + [False] * len(parts)
    last = len(segments) - 1
    for index, segment in enumerate(segments):
        if segment is None and index == last and index > 0:
            # a trailing `**`: whatever follows a `/` after what came before
            if any(reach[:-1]):
                return 1 if pattern.directory_only else 2
            return 0
        if segment is None:
            seen = False
            for k in range(len(reach)):
                seen = seen or reach[k]
                reach[k] = seen
            continue
        moved = [False] * len(reach)
        for k in range(len(parts)):
            if reach[k] and glob_matches(segment, parts[k]):
                moved[k + 1] = True
        reach = moved
        if not any(reach):
            return 0
    if segments[-1] is None:  # the pattern is `**` alone: every path, or every one below
        if pattern.directory_only:  # a directory
            return 1 if len(parts) > 1 else 0
        return 2
    if reach[-1]:
        return 2
    return 1 if any(reach[1:-1]) else 0


class PatternSet:
    """Gitignore-style patterns compiled once into one matcher. A pattern whose last
    segment is a plain name is filed under it, so a path is tried only against the patterns
    that can end at one of its segments, and those with a wildcard there: 100,000 patterns
    cost what their compilation costs, not 100,000 matches per path."""

    def __init__(self, lines: Iterable[str], *, strict: bool = False) -> None:
        """Compile `lines`; a pattern git would not use is left out, or with `strict`
        raises `InvalidPattern`."""
        self.patterns: list[Pattern] = []
        self._origins: list[int] = []  # where each pattern is among `lines`
        self._by_name: dict[str, list[int]] = {}
        self._others: list[int] = []
        for origin, line in enumerate(lines):
            try:
                pattern = compile_pattern(line)
            except InvalidPattern:
                if strict:
                    raise
                continue
            if pattern is None:
                continue
            index = len(self.patterns)
            self.patterns.append(pattern)
            self._origins.append(origin)
            # Any plain segment must equal one of a matching path's segments.
            plain = [s.literal for s in pattern.segments if s is not None and s.literal]
            if plain:
                self._by_name.setdefault(plain[-1], []).append(index)
            else:
                self._others.append(index)

    def __len__(self) -> int:
        return len(self.patterns)

    def check(self, path: str) -> bool | None:
        """Whether the patterns ignore `path` (relative, `/`-separated, a directory's with a
        trailing `/`): True ignored, False re-included by a `!` pattern, None no pattern
        matches. The last pattern that matches the path itself decides; failing one, the
        last that matches a directory above it."""
        parts = path.split("/")
        directory_match: Pattern | None = None
        for index in sorted(self._candidates(parts), reverse=True):
            pattern = self.patterns[index]
            how = pattern_matches(pattern, parts)
            if how == 2:
                return not pattern.negated
            if how == 1 and directory_match is None:
                directory_match = pattern
        return None if directory_match is None else not directory_match.negated

    def matches(self, path: str) -> bool:
        """Whether the patterns ignore `path`."""
        return bool(self.check(path))

    def each_matching(self, path: str) -> list[int]:
        """Where among the lines given are the patterns that, each on its own, match `path`
        (or a directory above it), in order; a `!` pattern matches nothing on its own."""
        parts = path.split("/")
        found = [
            self._origins[index]
            for index in self._candidates(parts)
            if not self.patterns[index].negated and pattern_matches(self.patterns[index], parts)
        ]
        return sorted(found)

    def _candidates(self, parts: Sequence[str]) -> set[int]:
        """The patterns that can match a path of `parts`: those whose last plain segment is
        one of its parts, and those with none."""
        candidates = set(self._others)
        for part in parts:
            candidates.update(self._by_name.get(part, ()))
        return candidates


def valid_pattern(line: str) -> None:
    """Raise `InvalidPattern` for a pattern git would not use."""
    compile_pattern(line)


class IgnoreFile(NamedTuple):
    """A `.gitignore` and the directory its patterns are relative to."""

    base: str
    spec: PatternSet


def gitignored(ignores: Sequence[IgnoreFile], path: str, is_dir: bool) -> bool:
    """Whether the ignore files over `path` ignore it (`is_dir`: it is a directory)."""
    # The deepest `.gitignore` with a matching pattern decides, as in git.
    for ignore in reversed(ignores):
        rel = _relative_below(path, ignore.base)
        result = ignore.spec.check(rel + "/" if is_dir else rel)
        if result is not None:
            return result
    return False


def _relative_below(path: str, base: str) -> str:
    """`path` relative to `base`, with `/`; a plain slice when `base` is above it (the walk)."""
    prefix = base if base.endswith(os.sep) else base + os.sep
    rel = path[len(prefix) :] if path.startswith(prefix) else os.path.relpath(path, base)
    return rel if os.sep == "/" else rel.replace(os.sep, "/")


def _patterns(ignores: Sequence[IgnoreFile]) -> int:
    return sum(len(ignore.spec) for ignore in ignores)


def parse_ignore_file(
    base: str, text: str, above: tuple[IgnoreFile, ...] = ()
) -> tuple[tuple[IgnoreFile, ...], list[str]]:
    """The ignore file with `text` (patterns relative to `base`), under those `above` it,
    and why it is not used, if it is not."""
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    if len(above) >= _GITIGNORE_FILES:
        return (), [f"ignore file not used: more than {_GITIGNORE_FILES} nested ignore files"]
    if len(lines) > _GITIGNORE_PATTERNS or _patterns(above) + len(lines) > _GITIGNORE_IN_EFFECT:
        limit = f"{_GITIGNORE_PATTERNS:,} in a file, {_GITIGNORE_IN_EFFECT:,} in effect"
        return (), [f"ignore file not used: {len(lines):,} patterns, above the limits ({limit})"]
    spec = PatternSet(lines)  # git skips a malformed pattern; so do we
    return ((IgnoreFile(base, spec),) if len(spec) else ()), []
