"""`# runaudit: ignore[…]` comments: parsing, matching and what stayed unused.

A line suppression covers its own line and the line below it (so it can sit
on the line above the finding). A file suppression must be in the file's first
comment block. Codes are required; a prefix (`RA1`) matches its family. A
comment that cannot work (`# runaudit: ignore` without codes, an `ignore-file`
below the first comment block) is kept too, so that RA001 can say so instead of
the comment failing silently.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from auditor.finding import AppliedSuppression, Finding, RelatedLocation
from auditor.source import SourceFile
from auditor.unit import Suppression

# The brackets are optional so that a bare `# runaudit: ignore` is found (and reported);
# `ignore-file` is tried first, a longer word (`ignored`) is no directive, and neither is
# one in backquotes (prose that names it, as this comment does).
_DIRECTIVE = re.compile(
    r"(?<!`)#\s*runaudit:\s*(?P<kind>ignore-file|ignore)"
    r"(?:[ \t]*\[(?P<codes>[A-Za-z0-9,\s]*)\]|(?![\w-]))"
)
_COMMENT_LINE = re.compile(r"^\s*(#|//|$)")
# What other tools' suppression comments look like, written for runaudit: a comment naming
# runaudit with a suppressing word that is not the directive (`# runaudit disable=RA101`,
# `# runaudit: disable=RA101`, `# runaudit ignore[RA101]`), so RA001 can name the right form.
_LOOKALIKE = re.compile(
    r"(?<!`)#\s*runaudit\b\s*:?\s*(?P<word>disable|ignore-file|ignore|noqa|nolint|skip|suppress)\b"
    r"(?P<rest>[^#\n]*)",
    re.IGNORECASE,
)
_CODE = re.compile(r"\bRA\d{1,3}\b", re.IGNORECASE)


def parse_suppressions(source: SourceFile) -> list[Suppression]:
    """Every suppression comment in a file, in line order, including those that cannot work."""
    found: list[Suppression] = []
    in_header = True
    for index, line in enumerate(source.text.split("\n")):
        number = index + 1
        match = _DIRECTIVE.search(line)
        if match is not None and _codes_unbracketed(match, line):
            match = None  # `# runaudit: ignore RA101`: codes outside brackets, reported as such
        if match is None and "runaudit" in line.lower():
            found += _lookalikes(source, number, line)
        if match is not None:
            listed = (match.group("codes") or "").split(",")
            codes = tuple(code.strip().upper() for code in listed if code.strip())
            file_level = match.group("kind") == "ignore-file"
            offset = source.line_start(number)
            start, end = offset + match.start(), offset + match.end()
            misplaced = file_level and not in_header
            found.append(Suppression(number, start, end, codes, file_level, misplaced))
        if in_header and not _COMMENT_LINE.match(line):
            in_header = False
    return found


def _codes_unbracketed(match: re.Match[str], line: str) -> bool:
    """Whether a directive without brackets is followed by rule codes in the same comment
    (`ignore RA101`, `ignore=RA101`, `ignore: RA101`)."""
    return match.group("codes") is None and bool(_CODE.search(line[match.end() :].split("#")[0]))


def _lookalikes(source: SourceFile, number: int, line: str) -> list[Suppression]:
    """A comment in a suppression form runaudit does not read, kept with the right form (it
    suppresses nothing: no codes)."""
    match = _LOOKALIKE.search(line)
    if match is None:
        return []
    codes = ",".join(dict.fromkeys(code.upper() for code in _CODE.findall(match["rest"])))
    file_level = match["word"].lower() == "ignore-file"
    directive = "ignore-file" if file_level else "ignore"
    offset = source.line_start(number)
    start, end = offset + match.start(), offset + match.start() + len(match.group(0).rstrip())
    right = f"# runaudit: {directive}[{codes or 'RA101'}]"
    return [Suppression(number, start, end, (), file_level, right_form=right)]


def _matches(code: str, pattern: str) -> bool:
    return code.startswith(pattern)


class SuppressionIndex:
    """Decides which findings are suppressed; remembers which codes were used, and how
    many findings each comment hid."""

    def __init__(self, suppressions: Iterable[Suppression]) -> None:
        every = list(suppressions)
        self.suppressions = [s for s in every if s.effective]
        self.ineffective = tuple(s for s in every if not s.effective)
        self._used: set[tuple[int, str]] = set()
        self._hidden = [0] * len(self.suppressions)

    def covering(self, finding: Finding) -> Suppression | None:
        """The first comment that would suppress this finding (nothing is marked used)."""
        line = finding.span.start.line
        for suppression in self.suppressions:
            covers = suppression.file_level or suppression.line in (line, line - 1)
            if covers and any(_matches(finding.code, code) for code in suppression.codes):
                return suppression
        return None

    def suppresses(self, finding: Finding) -> bool:
        """Whether a comment covers this finding; marks the matching codes used."""
        line = finding.span.start.line
        hit = False
        for position, suppression in enumerate(self.suppressions):
            covers = suppression.file_level or suppression.line in (line, line - 1)
            if covers:
                hit = self._hide(position, finding) or hit
        return hit

    def silences_file_wide(self, finding: Finding) -> bool:
        """Whether a file-level comment hides `finding` (RA001 about another comment)."""
        hit = False
        for position, suppression in enumerate(self.suppressions):
            if suppression.file_level:
                hit = self._hide(position, finding) or hit
        return hit

    def _hide(self, position: int, finding: Finding) -> bool:
        """Whether the comment at `position` names `finding`'s code; if so, counts it."""
        matched = [
            code for code in self.suppressions[position].codes if _matches(finding.code, code)
        ]
        self._used.update((position, code) for code in matched)
        if matched:
            self._hidden[position] += 1
        return bool(matched)

    def unused(self) -> list[tuple[Suppression, tuple[str, ...]]]:
        """Each suppression with the codes in it that suppressed nothing."""
        result = []
        for position, suppression in enumerate(self.suppressions):
            codes = tuple(c for c in suppression.codes if (position, c) not in self._used)
            if codes:
                result.append((suppression, codes))
        return result

    def applied(self, path: str) -> list[AppliedSuppression]:
        """Each comment of the file at `path` that hid a finding, with how many, in line order."""
        return [
            AppliedSuppression(path, suppression.line, suppression.codes, hidden)
            for suppression, hidden in zip(self.suppressions, self._hidden, strict=True)
            if hidden
        ]

    def with_would_be_note(self, source: SourceFile, finding: Finding) -> Finding:
        """`finding` with the comment that would suppress it as a related location, if one
        would (for `--ignore-suppressions`, which does not obey them)."""
        suppression = self.covering(finding)
        if suppression is None:
            return finding
        span = source.span(suppression.start, suppression.end)
        note = RelatedLocation(source.path, span, "suppressed here without `--ignore-suppressions`")
        return finding._replace(related=(*finding.related, note))
