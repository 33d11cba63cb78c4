"""What each format's consumer expects: GitHub's annotation limits and job summary, code
scanning's fingerprints and rule metadata, JUnit readers, ruff-like concise, grouped and
statistics output, and Markdown that shows code as code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from invoke import invoke
from test_output import (
    LOOP,
    RULES,
    PipelineStatusMasked,
    build_report,
    sarif_errors,
    span,
)

from auditor.baseline import fingerprint
from auditor.finding import (
    Applicability,
    Edit,
    Finding,
    Fix,
    RelatedLocation,
    Report,
    Severity,
)
from auditor.output import render
from auditor.output.sarif import artifact_location
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
        assert descriptor["help"]["text"].startswith(rule.summary())
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
