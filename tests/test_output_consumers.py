"""What each format's consumer expects: GitHub's annotation limits and job summary, code
scanning's fingerprints and rule metadata, JUnit readers, ruff-like concise, grouped and
statistics output, and Markdown that shows code as code."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from invoke import invoke
from junitparser import Attr, Failure, IntAttr, JUnitXml, Skipped, TestCase
from test_output import (
    DEPLOY,
    LOOP,
    RULES,
    PipelineStatusMasked,
    build_report,
    sarif_errors,
    span,
    table_cells,
)

from auditor.baseline import fingerprint
from auditor.finding import (
    Applicability,
    AppliedSuppression,
    Diagnostic,
    DiagnosticKind,
    Edit,
    Finding,
    Fix,
    RelatedLocation,
    Report,
    Severity,
)
from auditor.output import render
from auditor.output.sarif import artifact_location, plain_text
from auditor.registry import all_rules

MASKED = '#!/bin/bash\nset -e\ngptme "$PROMPT" 2>&1 | tee run.log\n'


def finding_at(line: int, severity: Severity, path: str = "a.sh", **extra: Any) -> Finding:
    return Finding(
        path, span(line, 1, line, 2), "RA101", "pipeline-status-masked", severity, "m", **extra
    )


def annotation_level(line: str) -> str:
    """`error` of `::error file=…::…`, `notice` of `::notice::…`."""
    return line[2:].split("::", 1)[0].split(" ", 1)[0]


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "bad.sh").write_text(MASKED)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    return tmp_path


# GitHub


def test_github_prints_ten_annotations_per_level_then_says_how_many_more() -> None:
    findings = [finding_at(n, Severity.ERROR) for n in range(1, 26)]
    findings += [finding_at(n, Severity.WARNING) for n in range(1, 4)]
    findings += [finding_at(n, Severity.INFO) for n in range(1, 13)]
    skipped = [Diagnostic(f"link{n}.sh", DiagnosticKind.SKIPPED, "a link out") for n in (1, 2)]
    lines = render("github", Report(findings, skipped), RULES).splitlines()
    # The notice that says so is one of the ten notices GitHub shows.
    assert Counter(map(annotation_level, lines)) == {"error": 10, "warning": 3, "notice": 10}
    assert all(line.startswith("::error ") for line in lines[:10])
    assert lines[-1] == (
        "::notice::runaudit: 18 more findings and 2 more notes on files not fully audited "
        "not shown as annotations (GitHub shows 10 of each level per step); the job summary "
        "lists them all, as does a SARIF report (`runaudit check --format sarif`)"
    )


def test_github_adds_no_notice_when_every_annotation_is_shown() -> None:
    findings = [finding_at(n, severity) for n in range(1, 11) for severity in Severity]
    lines = render("github", Report(findings), RULES).splitlines()
    assert Counter(map(annotation_level, lines)) == {"error": 10, "warning": 10, "notice": 10}
    assert not any(line.startswith("::notice::") for line in lines)


@pytest.mark.parametrize(
    ("kind", "level"),
    [
        (DiagnosticKind.SKIPPED, "notice"),
        (DiagnosticKind.UNREADABLE, "notice"),
        (DiagnosticKind.DECODING, "notice"),
        (DiagnosticKind.INTERNAL, "error"),
    ],
)
def test_github_files_not_audited_are_never_warnings(kind: DiagnosticKind, level: str) -> None:
    text = render("github", Report(diagnostics=[Diagnostic("x.sh", kind, "why")]), RULES)
    assert text == f"::{level} file=x.sh,title=runaudit {kind.value}::why\n"


def test_github_format_appends_the_markdown_report_to_the_job_summary(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    summary = tree / "summary.md"
    summary.write_text("an earlier step's summary\n")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    result = invoke(["check", "--isolated", "--no-cache", "bad.sh", "-f", "github"])
    assert result.exit_code == 1
    assert result.stdout.startswith("::error file=bad.sh,line=3,")
    written = summary.read_text()
    assert written.startswith("an earlier step's summary\n# runaudit report\n")
    assert "| 3:1 | [RA101]" in written
    assert invoke(["check", "--isolated", "--no-cache", "bad.sh", "-f", "concise"]).exit_code == 1
    assert summary.read_text() == written  # only the GitHub format writes the job summary


def test_a_job_summary_that_cannot_be_written_is_a_warning(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(tree))  # a directory
    result = invoke(["check", "--isolated", "--no-cache", "bad.sh", "-f", "github"])
    assert result.exception is None and result.exit_code == 1
    assert result.stdout.startswith("::error ")
    assert f"runaudit: warning: GITHUB_STEP_SUMMARY {tree}: is a directory" in result.stderr


# SARIF


def sarif_run(report: Report, rules: Any = RULES) -> dict[str, Any]:
    document = json.loads(render("sarif", report, rules))
    assert sarif_errors(document) == []
    run: dict[str, Any] = document["runs"][0]
    return run


def test_sarif_fingerprints_are_the_baselines_and_survive_moved_lines() -> None:
    source = "#!/bin/sh\na | b\nx\na | b\n"
    first, second = finding_at(2, Severity.ERROR), finding_at(4, Severity.ERROR)
    run = sarif_run(Report([first, second], sources={"a.sh": source}))
    marks = [r["partialFingerprints"]["primaryLocationLineHash"] for r in run["results"]]
    mark = fingerprint(first, source)
    assert marks == [f"{mark}:0", f"{mark}:1"]  # the same flagged text twice: two occurrences
    moved = "#!/bin/sh\n\n# a comment\n  a  |  b\n"
    run = sarif_run(Report([finding_at(4, Severity.ERROR)], sources={"a.sh": moved}))
    assert run["results"][0]["partialFingerprints"] == {"primaryLocationLineHash": f"{mark}:0"}


def test_sarif_rules_carry_tags_precision_and_help_in_text_and_markdown() -> None:
    rules = all_rules()
    descriptors = sarif_run(build_report(), rules)["tool"]["driver"]["rules"]
    for rule, descriptor in zip(rules, descriptors, strict=True):
        properties = descriptor["properties"]
        assert properties["tags"] and properties["tags"] == list(rule.tags), rule.code
        assert properties["precision"] in ("very-high", "high", "medium", "low"), rule.code
        markdown = descriptor["help"]["markdown"]
        assert rule.documentation() in markdown and "## What it does" in markdown
        assert descriptor["help"]["text"].startswith(plain_text(rule.summary()))
        # GitHub shows fullDescription raw: one paragraph of plain text, no Markdown.
        full = descriptor["fullDescription"]["text"]
        assert full and not any(mark in full for mark in ("\n", "`", "## ", "**")), full
        assert "## " not in descriptor["help"]["text"]
        assert "What it does\n" in descriptor["help"]["text"]


def test_sarif_message_links_its_related_locations() -> None:
    related = (
        RelatedLocation(LOOP, span(2, 1, 2, 7), "`set -e` sees only `tee`"),
        RelatedLocation(LOOP, span(1, 1, 1, 3), "arr[0] \\ here"),
    )
    found = finding_at(3, Severity.ERROR, path=LOOP, related=related)
    found = found._replace(message="see [a](2) in the code", hint="then [b](1)")
    (result,) = sarif_run(Report([found]))["results"]
    assert result["message"]["text"] == (
        "see \\[a\\](2) in the code\n"  # text that only looks like a link stays text
        "help: then \\[b\\](1)\n"
        "related: [`set -e` sees only `tee`](1)\n"
        "related: [arr\\[0\\] \\\\ here](2)"
    )
    assert [location["id"] for location in result["relatedLocations"]] == [1, 2]


def test_sarif_uris_are_relative_to_the_working_directory_however_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    inside = str(tmp_path / "ci" / "run me.sh")
    assert artifact_location(inside) == {"uri": "ci/run%20me.sh", "uriBaseId": "%SRCROOT%"}
    assert artifact_location("./ci/../x.sh") == {"uri": "x.sh", "uriBaseId": "%SRCROOT%"}
    outside = tmp_path.parent / "elsewhere.sh"
    assert artifact_location("../elsewhere.sh") == {"uri": outside.as_uri()}
    assert artifact_location(str(outside)) == {"uri": outside.as_uri()}
    fix = Fix((Edit(0, 1, "x"),), Applicability.SAFE, "fix it")
    run = sarif_run(Report([finding_at(1, Severity.ERROR, path=inside, fix=fix)]))
    (result,) = run["results"]
    location = result["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "ci/run%20me.sh", "uriBaseId": "%SRCROOT%"}
    change = result["fixes"][0]["artifactChanges"][0]["artifactLocation"]
    assert change == location


# JUnit


class FileCase(TestCase):
    """A test case with the `file` and `line` attributes GitLab reads."""

    file = Attr()
    line = IntAttr()


def test_junit_parses_with_junitparser_one_case_per_finding() -> None:
    xml = JUnitXml.fromstring(render("junit", build_report(), RULES))
    assert (xml.tests, xml.failures, xml.errors, xml.skipped) == (6, 5, 0, 1)
    (suite,) = list(xml)
    assert suite.name == "runaudit"
    cases = list(suite.iterchildren(FileCase))
    assert [(c.classname, c.name, c.file, c.line) for c in cases] == [
        (DEPLOY, "RA301 at line 2", DEPLOY, 2),
        (LOOP, "RA101 at line 3", LOOP, 3),
        (LOOP, "RA204 at line 4", LOOP, 4),
        (LOOP, "RA204 at line 5", LOOP, 5),
        (LOOP, "RA202 at line 6", LOOP, 6),
        ("vendor/huge.sh", "vendor/huge.sh", None, None),
    ]
    results = [case.result for case in suite]
    assert all(isinstance(result, Failure) for (result,) in results[:5])
    assert results[1][0].type == "RA101"
    assert results[1][0].message.startswith("RA101: exit status of `gptme` is lost")
    assert isinstance(results[5][0], Skipped)


def test_junit_clean_run_is_one_passing_case() -> None:
    xml = JUnitXml.fromstring(render("junit", Report(files_checked=4), RULES))
    (suite,) = list(xml)
    (case,) = list(suite)
    assert (case.classname, case.name, case.is_passed) == ("runaudit", "no findings", True)
    assert (xml.tests, xml.failures, xml.errors, xml.skipped) == (1, 0, 0, 0)


# Concise, grouped, statistics


def test_concise_lines_carry_severity_and_fix_mark() -> None:
    lines = render("concise", build_report(), RULES).splitlines()
    assert lines[1] == (
        f"{LOOP}:3:1: RA101 [error] [*] exit status of `gptme` is lost: "
        "the pipeline returns `tee`'s status"
    )
    assert lines[3] == f"{LOOP}:5:6: RA204 [warning] `$?` here is the status of `echo`"


def test_grouped_lists_findings_under_their_file_colons_aligned() -> None:
    findings = [
        finding_at(9, Severity.ERROR, path="x/run.sh"),
        finding_at(10, Severity.INFO, path="x/run.sh")._replace(span=span(10, 12, 10, 13)),
    ]
    text = render("grouped", Report(findings, files_checked=1), [PipelineStatusMasked])
    assert text.splitlines()[:3] == [
        "x/run.sh:",
        "   9:1  RA101 [error] m",
        "  10:12 RA101 [info] m",
    ]


def test_grouped_is_a_format_of_the_command_line(tree: Path) -> None:
    result = invoke(["check", "--isolated", "--no-cache", "bad.sh", "-f", "grouped"])
    assert result.exit_code == 1
    assert result.stdout.startswith("bad.sh:\n  3:1 RA101 [error] [*] exit status of `gptme`")
    assert "grouped" in invoke(["check", "--help"]).stdout


def test_statistics_have_a_total_and_work_as_json(tree: Path) -> None:
    text = render("text", build_report(), RULES, statistics=True).splitlines()
    assert text[0].split() == ["Count", "Code", "Severity", "Fixable", "Name"]
    assert text[2].split() == ["1", "RA101", "error", "1", "pipeline-status-masked"]
    assert text[5].split() == ["5", "Total", "1"]
    result = invoke(["check", "--isolated", "--no-cache", "bad.sh", "--statistics", "-f", "json"])
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert document["statistics"] == [
        {
            "code": "RA101",
            "name": "pipeline-status-masked",
            "severity": "error",
            "count": 1,
            "fixable": 1,
        }
    ]
    assert document["total"] == {"count": 1, "fixable": 1}
    assert document["diagnostics"] == []


# Markdown


def test_markdown_shows_code_as_code() -> None:
    message = "`a|b` and `` x`y `` and `  padded  ` and **not bold** and a lone `"
    found = finding_at(1, Severity.ERROR)._replace(message=message)
    note = Diagnostic("a`b`.sh", DiagnosticKind.SKIPPED, "a link to `/etc`")
    text = render("markdown", Report([found], [note], suppressed=3), RULES)
    row = next(line for line in text.splitlines() if line.startswith("| 1:1 |"))
    (cell,) = table_cells(row)[3:]
    assert cell == (
        "`a\\|b` and `` x`y `` and `  padded  ` and \\*\\*not bold\\*\\* and a lone \\`"
    )
    assert "3 findings suppressed." in text
    assert "- a\\`b\\`.sh: skipped: a link to `/etc`" in text  # a file name is never code


def test_markdown_lists_the_suppressions_in_effect_escaped() -> None:
    suppressions = [
        AppliedSuppression("a.sh", 3, ("RA101",), 2),
        AppliedSuppression("b|*`x`*.sh", 1, ("RA1", "RA203"), 1),
    ]
    text = render(
        "markdown", Report([finding_at(5, Severity.ERROR)], suppressions=suppressions), RULES
    )
    lines = text.splitlines()
    start = lines.index("## Suppressions in effect")
    assert lines[start + 2 : start + 6] == [
        "| Comment | Codes | Findings hidden |",
        "| --- | --- | ---: |",
        "| a.sh:3 | RA101 | 2 |",
        "| b\\|\\*\\`x\\`\\*.sh:1 | RA1, RA203 | 1 |",
    ]
    assert table_cells(lines[start + 5]) == ["b\\|\\*\\`x\\`\\*.sh:1", "RA1, RA203", "1"]
    assert lines.index("## a.sh") < start  # after the findings, in a section of its own


def test_markdown_has_no_suppressions_section_when_none_hid_anything() -> None:
    text = render("markdown", Report([finding_at(5, Severity.ERROR)], suppressed=0), RULES)
    assert "Suppressions in effect" not in text


def test_sarif_and_github_paths_are_from_the_repository_root_in_a_subdirectory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from invoke import invoke
    from test_output import sarif_errors

    (tmp_path / ".git").mkdir()
    scripts = tmp_path / "ops" / "scripts"
    scripts.mkdir(parents=True)
    (scripts / "run.sh").write_text('#!/bin/bash\nset -e\ngptme "$P" | tee log\n')
    monkeypatch.chdir(tmp_path / "ops")
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    result = invoke(["check", "--no-cache", "scripts", "-f", "sarif"])
    document = json.loads(result.stdout)
    assert sarif_errors(document) == []
    run = document["runs"][0]
    (found,) = run["results"]
    location = found["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "ops/scripts/run.sh", "uriBaseId": "%SRCROOT%"}
    assert "%SRCROOT%" in run["originalUriBaseIds"]
    github = invoke(["check", "--no-cache", "scripts", "-f", "github"]).stdout
    assert github.startswith("::error file=ops/scripts/run.sh,line=3,")
    # The text formats keep paths relative to the working directory.
    assert "scripts/run.sh:3:" in invoke(["check", "--no-cache", "scripts", "-f", "concise"]).stdout
