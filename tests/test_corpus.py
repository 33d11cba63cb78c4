"""The corpus: runner files whose inline expectations must match the report exactly.

Every file under `corpus/` carries its expected findings as a trailing comment on
the line where each finding starts: `# expect: RA101`, `# expect: RA101(error)`,
`# expect: RA101(error), RA001(info)`. A severity in parentheses must match too;
`# expect-next-line: RA101` on a line of its own (or `; expect-next-line:` in a
systemd unit, which has no trailing comments) expects it on the line below;
without one, any severity does. Every other line must produce nothing, so each
file is compared both ways: an expected finding that is missing fails, and so
does any finding that no expectation claims.

The engine runs over the whole corpus from the repository root, so report paths
are relative to it: once with every rule (the opt-in RA102 too), compared with
every expectation, and once with the default selection, which must report the
same minus the opt-in rules' findings.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from auditor.finding import DiagnosticKind, Finding, Report, Severity

REPO_ROOT = Path(__file__).resolve().parent.parent
CORPUS_DIR = REPO_ROOT / "corpus"

# Codes every corpus must exercise even if they are not rule classes of the
# registry (the engine itself reports parse errors and unused suppressions).
ENGINE_CODES = frozenset({"RA001", "RA900"})

# A comment inside a continued Makefile recipe line ends in the continuation backslash.
_EXPECT_COMMENT = re.compile(r"[#;]\s*expect(?P<next>-next-line)?:\s*(?P<items>.+?)(?:\s+\\)?$")
_SEVERITIES = "|".join(severity.value for severity in Severity)
_EXPECT_ITEM = re.compile(rf"(RA\d{{3}})(?:\(({_SEVERITIES})\))?")


class ExpectationError(ValueError):
    """A corpus file holds an `expect:` comment that does not parse."""


@dataclass(frozen=True, order=True)
class Expected:
    """One finding a corpus file expects: its start line, code and maybe severity."""

    line: int
    code: str
    severity: str | None = None  # None: any severity

    def __str__(self) -> str:
        return f"{self.code}({self.severity})" if self.severity else self.code

    def matches(self, finding: Finding) -> bool:
        """Whether `finding` is the one this expectation describes."""
        return (
            finding.span.start.line == self.line
            and finding.code == self.code
            and (self.severity is None or finding.severity.value == self.severity)
        )


def _read_lines(path: Path) -> list[str]:
    # Split on "\n" only, as the engine numbers lines; a CRLF file keeps its "\r".
    return path.read_bytes().decode("utf-8", errors="replace").split("\n")


def parse_expectations(path: Path) -> list[Expected]:
    """The findings a corpus file expects, in line order."""
    expected: list[Expected] = []
    for number, line in enumerate(_read_lines(path), start=1):
        comment = _EXPECT_COMMENT.search(line)
        if comment is None:
            continue
        # `expect-next-line:` serves formats without trailing comments (systemd units).
        target = number + 1 if comment.group("next") else number
        for item in comment.group("items").split(","):
            parsed = _EXPECT_ITEM.fullmatch(item.strip())
            if parsed is None:
                raise ExpectationError(
                    f"{_display(path)}:{number}: malformed expectation {item.strip()!r} "
                    f"(want CODE or CODE(severity), severity one of {_SEVERITIES})"
                )
            expected.append(Expected(target, parsed.group(1), parsed.group(2)))
    return expected


def _corpus_files() -> list[Path]:
    """Every file of the corpus, including extensionless scripts and dot-directories."""
    if not CORPUS_DIR.is_dir():
        return []
    return sorted(
        path
        for path in CORPUS_DIR.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    )


CORPUS_FILES = _corpus_files()


def _display(path: Path) -> str:
    try:
        return path.relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return str(path)


def _key(path: str | Path) -> Path:
    """A report path (relative to the repository root, or absolute) as a comparable key."""
    candidate = Path(path)
    if not candidate.is_absolute():
        candidate = REPO_ROOT / candidate
    return candidate.resolve()


def _audit_corpus(select: tuple[str, ...] | None) -> Report:
    from auditor.config import Settings
    from auditor.run import audit

    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(REPO_ROOT)
        return audit([CORPUS_DIR.relative_to(REPO_ROOT)], Settings(select=select))


@pytest.fixture(scope="module")
def corpus_report() -> Report:
    """The report of one run of the engine over the whole corpus, every rule selected."""
    return _audit_corpus(("ALL",))


def _opt_in_codes() -> frozenset[str]:
    from auditor.registry import all_rules

    return frozenset(rule.code for rule in all_rules() if not rule.selected_by_default)


def test_default_selection_leaves_out_only_the_opt_in_rules(corpus_report: Report) -> None:
    """With default settings the corpus reports exactly the same, less the opt-in rules."""
    opt_in = _opt_in_codes()
    assert opt_in, "no opt-in rule: this test would check nothing"
    assert any(finding.code in opt_in for finding in corpus_report.findings)

    def keys(findings: list[Finding]) -> list[tuple[str, int, int, str]]:
        return sorted((f.path, f.span.start.line, f.span.start.column, f.code) for f in findings)

    default = _audit_corpus(None).findings
    assert keys(default) == keys([f for f in corpus_report.findings if f.code not in opt_in])


@pytest.fixture(scope="module")
def findings_by_file(corpus_report: Report) -> dict[Path, list[Finding]]:
    """The corpus report's findings grouped by the file they are in."""
    grouped: dict[Path, list[Finding]] = {}
    for finding in corpus_report.findings:
        grouped.setdefault(_key(finding.path), []).append(finding)
    return grouped


def compare(
    expected: list[Expected], actual: list[Finding]
) -> tuple[list[Expected], list[Finding]]:
    """Match expectations to findings as multisets: (missing, unexpected)."""
    unmatched = sorted(actual, key=lambda finding: finding.sort_key)
    missing: list[Expected] = []
    # Expectations that name a severity claim their finding before the ones that do not,
    # so a severity-less expectation never takes the finding a stricter one needs.
    for expectation in sorted(expected, key=lambda item: (item.severity is None, item)):
        match = next((f for f in unmatched if expectation.matches(f)), None)
        if match is None:
            missing.append(expectation)
        else:
            unmatched.remove(match)
    return sorted(missing, key=lambda item: (item.line, item.code, item.severity or "")), unmatched


def _source_line(lines: list[str], number: int) -> str:
    text = lines[number - 1].strip() if 0 < number <= len(lines) else "<no such line>"
    return text if len(text) <= 90 else text[:87] + "..."


def describe_mismatch(path: Path, missing: list[Expected], unexpected: list[Finding]) -> str:
    """A readable account of how a corpus file's report differs from its expectations."""
    lines = _read_lines(path)
    out = [
        f"{_display(path)}: {len(missing)} expected finding(s) missing, "
        f"{len(unexpected)} unexpected"
    ]
    for expectation in missing:
        out.append(f"  missing    line {expectation.line:>4}: {expectation}")
        out.append(f"             | {_source_line(lines, expectation.line)}")
    for finding in unexpected:
        start = finding.span.start
        out.append(
            f"  unexpected line {start.line:>4}: {finding.code}({finding.severity.value}) "
            f"col {start.column}: {finding.message}"
        )
        out.append(f"             | {_source_line(lines, start.line)}")
    mismatched = {(e.line, e.code) for e in missing} & {
        (f.span.start.line, f.code) for f in unexpected
    }
    for line, code in sorted(mismatched):
        out.append(f"  note: line {line} has {code} with a different severity than expected")
    return "\n".join(out)


def _params() -> Iterator[object]:
    for path in CORPUS_FILES:
        yield pytest.param(path, id=path.relative_to(CORPUS_DIR).as_posix())


@pytest.mark.parametrize("path", list(_params()))
def test_corpus_file(path: Path, findings_by_file: dict[Path, list[Finding]]) -> None:
    """The file's findings are exactly the ones its `expect:` comments name."""
    expected = parse_expectations(path)
    actual = findings_by_file.get(_key(path), [])
    missing, unexpected = compare(expected, actual)
    if missing or unexpected:
        pytest.fail(describe_mismatch(path, missing, unexpected), pytrace=False)


def test_corpus_is_not_empty() -> None:
    """The corpus exists and holds files with expectations (guards against a moved folder)."""
    assert CORPUS_FILES, f"no corpus files under {CORPUS_DIR}"
    assert any(parse_expectations(path) for path in CORPUS_FILES)


def test_every_finding_is_in_a_corpus_file(corpus_report: Report) -> None:
    """No finding points outside the corpus (a wrong display path would hide mismatches)."""
    known = {_key(path) for path in CORPUS_FILES}
    strays = sorted(
        {
            f"{finding.path}: {finding.code}"
            for finding in corpus_report.findings
            if _key(finding.path) not in known
        }
    )
    assert not strays, "findings in files that are not corpus files:\n" + "\n".join(strays)


def test_every_shell_rule_has_corpus_coverage() -> None:
    """Every rule that reads shell, and every engine code, has an expected case in the corpus."""
    from auditor.kinds import Host
    from auditor.registry import all_rules

    required = {
        rule.code for rule in all_rules() if Host.SHELL in getattr(rule, "hosts", ())
    } | ENGINE_CODES
    covered = {item.code for path in CORPUS_FILES for item in parse_expectations(path)}
    uncovered = sorted(required - covered)
    assert not uncovered, f"codes with no expected finding anywhere in corpus/: {uncovered}"


def test_corpus_has_no_internal_errors(corpus_report: Report) -> None:
    """No rule or engine step crashed on any corpus file."""
    internal = [
        diagnostic
        for diagnostic in corpus_report.diagnostics
        if diagnostic.kind is DiagnosticKind.INTERNAL
    ]
    assert not internal, "internal errors:\n" + "\n".join(
        f"{diagnostic.path}: {diagnostic.message}" for diagnostic in internal
    )


# The harness's own parsing, on small made-up files.


def test_parse_expectations_reads_codes_severities_and_lists(tmp_path: Path) -> None:
    """Items are comma-separated codes, each with an optional severity."""
    script = tmp_path / "example.sh"
    script.write_text(
        "a | b  # expect: RA101(error)\n"
        "echo ok\n"
        "# runaudit: ignore[RA203]  # expect: RA101 , RA001(info)\n",
        encoding="utf-8",
    )
    assert parse_expectations(script) == [
        Expected(1, "RA101", "error"),
        Expected(3, "RA101", None),
        Expected(3, "RA001", "info"),
    ]


@pytest.mark.parametrize("item", ["RA1O1", "RA101(fatal)", "RA101 error", "ra101", ""])
def test_parse_expectations_rejects_malformed_items(tmp_path: Path, item: str) -> None:
    """A typo in an expectation fails loudly instead of expecting nothing."""
    script = tmp_path / "typo.sh"
    script.write_text(f"a | b  # expect: {item}\n", encoding="utf-8")
    with pytest.raises(ExpectationError, match=r":1: malformed expectation"):
        parse_expectations(script)
