"""Failures that must not pass silently: each with its exact message and exit status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from invoke import invoke

MASKED = '#!/bin/bash\nset -e\ngptme "$PROMPT" 2>&1 | tee run.log\n'
PROBE = '#!/bin/bash\nset -e\nx=$(find . | sort)\necho "$x"\n'


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RUNAUDIT_OUTPUT_FORMAT", raising=False)
    (tmp_path / "bad.sh").write_text(MASKED)
    return tmp_path


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["check", "-j", "0"],
            "argument -j/--jobs: must be at least 1: 0; see `runaudit check --help`",
        ),
        (
            ["check", "--timeout", "abc"],
            "argument --timeout: invalid number of seconds: 'abc'; see `runaudit check --help`",
        ),
        (
            ["check", "-f", "JSON"],
            "argument -f/--format: unknown value `JSON` (did you mean `json`?); "
            "see `runaudit check --help`",
        ),
        (["rule"], "unknown command `rule` (did you mean `rules`?); see `runaudit --help`"),
        (
            ["check", "--formt", "json"],
            "unknown option `--formt` (did you mean `--format`?); see `runaudit check --help`",
        ),
        (
            ["check", "--min-severity", "low"],
            "argument --min-severity: unknown value `low` (choose from error, warning, info); "
            "see `runaudit check --help`",
        ),
        (["rules", "--bogus"], "unknown option `--bogus`; see `runaudit rules --help`"),
        (
            ["check", "--output-format", "bogus"],  # the long alias lists its values too
            "argument --output-format: unknown value `bogus` (choose from text, concise, "
            "grouped, json, sarif, github, junit, markdown); see `runaudit check --help`",
        ),
    ],
)
def test_usage_errors_are_one_line_with_a_suggestion(
    tree: Path, args: list[str], message: str
) -> None:
    result = invoke(args)
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"runaudit: error: {message}\n",
    )


def test_a_folder_without_runner_files_is_a_warning(tree: Path) -> None:
    (tree / "empty").mkdir()
    result = invoke(["check", "--no-cache", "empty", "bad.sh", "-f", "concise"])
    assert result.exit_code == 1
    assert result.stderr == "runaudit: warning: no runner files found under empty\n"


def test_min_severity_hides_findings_below_it_in_every_format(tree: Path) -> None:
    (tree / "probe.sh").write_text(PROBE)
    base = ["check", "--no-cache", "--extend-select", "RA102", "-f", "json"]
    everything = json.loads(invoke(base).stdout)["findings"]
    assert sorted(f["severity"] for f in everything) == ["error", "info"]
    result = invoke([*base, "--min-severity", "warning"])
    assert [f["code"] for f in json.loads(result.stdout)["findings"]] == ["RA101"]
    for fmt in ("concise", "text", "sarif", "github", "junit", "markdown"):
        shown = invoke(
            [
                "check",
                "--no-cache",
                "--extend-select",
                "RA102",
                "-f",
                fmt,
                "--min-severity",
                "warning",
            ]
        ).stdout
        hidden, kept = (
            ('"ruleId": "RA102"', '"ruleId": "RA101"') if fmt == "sarif" else ("RA102", "RA101")
        )
        assert hidden not in shown and kept in shown, fmt
    # The exit status still follows --fail-on: the hidden info finding fails an info gate.
    (tree / "bad.sh").unlink()
    hidden = invoke([*base, "--min-severity", "error", "--fail-on", "info"])
    assert hidden.exit_code == 1 and json.loads(hidden.stdout)["findings"] == []


@pytest.mark.parametrize(
    ("comment", "right"),
    [
        ("# runaudit disable=RA101", "# runaudit: ignore[RA101]"),
        ("# runaudit: disable=RA101,RA203", "# runaudit: ignore[RA101,RA203]"),
        ("# runaudit ignore[RA101]", "# runaudit: ignore[RA101]"),
        ("# runaudit: noqa", "# runaudit: ignore[RA101]"),
        ("# runaudit: ignore RA101", "# runaudit: ignore[RA101]"),
        ("# runaudit: ignore=RA101,RA203", "# runaudit: ignore[RA101,RA203]"),
    ],
)
def test_a_suppression_in_a_form_runaudit_does_not_read_is_reported(
    tree: Path, comment: str, right: str
) -> None:
    (tree / "bad.sh").write_text(f'#!/bin/bash\nset -e\ngptme "$P" | tee log  {comment}\n')
    result = invoke(["check", "--no-cache", "bad.sh", "-f", "json"])
    assert result.exit_code == 1
    findings = {f["code"]: f for f in json.loads(result.stdout)["findings"]}
    assert set(findings) == {"RA001", "RA101"}  # the finding is not hidden
    assert findings["RA001"]["message"] == (
        f"`{comment}` is not a form runaudit reads, so it suppresses nothing"
    )
    assert findings["RA001"]["hint"] == f"write it as `{right}`"
    assert findings["RA001"]["start"]["column"] == 23
