"""`# runaudit: ignore[…]` comments: parsing, matching and what stayed unused.

A line suppression covers its own line and the line below it (so it can sit
on the line above the finding). A file suppression must be in the file's first
comment block. Codes are required; a prefix (`RA1`) matches its family.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from auditor.finding import Finding
from auditor.source import SourceFile
from auditor.unit import Suppression

_DIRECTIVE = re.compile(
    r"#\s*runaudit:\s*(?P<kind>ignore-file|ignore)\[(?P<codes>[A-Za-z0-9,\s]*)\]"
)
_COMMENT_LINE = re.compile(r"^\s*(#|//|$)")


def parse_suppressions(source: SourceFile) -> list[Suppression]:
    """Every suppression comment in a file, in line order."""
    found: list[Suppression] = []
    in_header = True
    for index, line in enumerate(source.text.split("\n")):
        number = index + 1
        match = _DIRECTIVE.search(line)
        if match is not None:
            codes = tuple(c.strip().upper() for c in match.group("codes").split(",") if c.strip())
            file_level = match.group("kind") == "ignore-file"
            if codes and (not file_level or in_header):
                offset = source.line_start(number)
                found.append(
                    Suppression(
                        number, offset + match.start(), offset + match.end(), codes, file_level
                    )
                )
        if in_header and not _COMMENT_LINE.match(line):
            in_header = False
    return found


def _matches(code: str, pattern: str) -> bool:
    return code.startswith(pattern)


class SuppressionIndex:
    """Decides which findings are suppressed and remembers which codes were used."""

    def __init__(self, suppressions: Iterable[Suppression]) -> None:
        self.suppressions = list(suppressions)
        self._used: set[tuple[int, str]] = set()

    def suppresses(self, finding: Finding) -> bool:
        """Whether a comment covers this finding; marks the matching code used."""
        line = finding.span.start.line
        hit = False
        for position, suppression in enumerate(self.suppressions):
            covers = suppression.file_level or suppression.line in (line, line - 1)
            if not covers:
                continue
            for code in suppression.codes:
                if _matches(finding.code, code):
                    self._used.add((position, code))
                    hit = True
        return hit

    def unused(self) -> list[tuple[Suppression, tuple[str, ...]]]:
        """Each suppression with the codes in it that suppressed nothing."""
        result = []
        for position, suppression in enumerate(self.suppressions):
            codes = tuple(c for c in suppression.codes if (position, c) not in self._used)
            if codes:
                result.append((suppression, codes))
        return result
