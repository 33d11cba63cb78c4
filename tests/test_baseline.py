"""Baselines: old findings stay hidden while lines move; new ones are reported alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from invoke import invoke

from auditor.baseline import fingerprint, flagged_text
from auditor.finding import Finding, Position, Severity, Span

SCRIPT = """#!/bin/bash
set -e
gptme "$PROMPT" 2>&1 | tee run.log
curl -s "$URL" | jq .ok
"""


def run(*args: str) -> tuple[int, str, str]:
    result = invoke(["check", "--isolated", "--no-cache", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "run.sh").write_text(SCRIPT)
    (tmp_path / "scripts" / "other.sh").write_text(SCRIPT)
    return tmp_path


def test_write_baseline_records_every_finding(tree: Path) -> None:
    code, out, err = run("scripts", "--write-baseline", "baseline.json", "-f", "concise")
    assert code == 0 and out == ""
    assert "recorded 4 findings in baseline.json" in err
    data = json.loads((tree / "baseline.json").read_text())
    assert data["version"] == 1 and data["tool"].startswith("runaudit ")
    assert [(e["path"], e["code"], e["occurrence"], e["line"]) for e in data["findings"]] == [
        ("scripts/other.sh", "RA101", 0, 3),
        ("scripts/other.sh", "RA101", 0, 4),
        ("scripts/run.sh", "RA101", 0, 3),
        ("scripts/run.sh", "RA101", 0, 4),
    ]
    assert all(len(e["fingerprint"]) == 16 for e in data["findings"])


def test_moved_lines_stay_hidden_and_a_new_finding_is_reported_alone(tree: Path) -> None:
    assert run("scripts", "--write-baseline", "baseline.json")[0] == 0
    assert run("scripts")[0] == 1
    assert run("scripts", "--baseline", "baseline.json")[0] == 0

    # Lines inserted above the old findings, which are also re-indented.
    moved = SCRIPT.replace(
        "set -e\n", "set -e\n# A comment.\nLOG=run.log\n\nif true; then :; fi\n"
    ).replace('gptme "$PROMPT"', '  gptme   "$PROMPT"')
    (tree / "scripts" / "run.sh").write_text(moved)
    code, out, err = run("scripts", "--baseline", "baseline.json", "-f", "concise")
    assert (code, out) == (0, "")
    assert "4 findings hidden by baseline baseline.json" in err
    assert "no longer seen" not in err

    # One new finding: reported alone.
    (tree / "scripts" / "run.sh").write_text(moved + "git push | tee push.log\n")
    code, out, _ = run("scripts", "--baseline", "baseline.json", "-f", "concise")
    assert code == 1
    findings = [line for line in out.splitlines() if ": RA" in line]
    assert findings == [
        "scripts/run.sh:9:1: RA101 [warning] [*] exit status of `git` is lost: without pipefail "
        "the pipeline returns the status of `tee`, and it is the last command of the script"
    ]


def test_a_second_identical_line_is_a_new_finding(tree: Path) -> None:
    assert run("scripts/run.sh", "--write-baseline", "baseline.json")[0] == 0
    (tree / "scripts" / "run.sh").write_text(SCRIPT + 'gptme "$PROMPT" 2>&1 | tee run.log\n')
    code, out, _ = run("scripts/run.sh", "--baseline", "baseline.json", "-f", "concise")
    assert code == 1
    assert [line.split(": RA")[0] for line in out.splitlines() if ": RA" in line] == [
        "scripts/run.sh:5:1"
    ]


def test_entries_no_longer_seen_are_counted(tree: Path) -> None:
    assert run("scripts", "--write-baseline", "baseline.json")[0] == 0
    (tree / "scripts" / "run.sh").write_text(SCRIPT.replace("set -e", "set -euo pipefail"))
    code, _, err = run("scripts", "--baseline", "baseline.json")
    assert code == 0
    assert "2 baseline entries no longer seen" in err
    # Auditing one file does not make the other file's entries stale.
    code, _, err = run("scripts/other.sh", "--baseline", "baseline.json")
    assert code == 0 and "no longer seen" not in err
    # Nor do the entries of a rule that did not run.
    code, _, err = run("scripts", "--baseline", "baseline.json", "--select", "RA2")
    assert code == 0 and "no longer seen" not in err


def test_paths_are_relative_to_the_baseline_file(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run("scripts", "--write-baseline", "baseline.json")[0] == 0
    monkeypatch.chdir(tree / "scripts")
    code, out, _ = run(".", "--baseline", "../baseline.json", "-f", "concise")
    assert (code, out) == (0, "")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "cannot read baseline"),
        ('{"version": 2, "findings": []}', "unsupported baseline version 2"),
        ('{"version": 1, "findings": {}}', "`findings` must be a list"),
        ('{"version": 1, "findings": [{"path": "x"}]}', "lacks a required key"),
    ],
)
def test_a_broken_baseline_is_a_usage_error(tree: Path, content: str, message: str) -> None:
    (tree / "baseline.json").write_text(content)
    code, _, err = run("scripts", "--baseline", "baseline.json")
    assert code == 2 and message in err
    assert run("scripts", "--baseline", "missing.json")[0] == 2


def test_fingerprint_collapses_whitespace_and_reads_every_flagged_line() -> None:
    def finding(start: int, end: int, end_column: int = 5) -> Finding:
        span = Span(Position(start, 1), Position(end, end_column))
        return Finding("x.sh", span, "RA101", "n", Severity.ERROR, "message")

    text = "a |\n  b\nc | d\n"
    assert flagged_text(finding(1, 2), text) == "a | b"
    assert flagged_text(finding(1, 2, end_column=1), text) == "a |"  # ends at line 2's start
    assert fingerprint(finding(1, 2), text) == fingerprint(finding(1, 2), "a   |\n\tb\n")
    assert fingerprint(finding(3, 3), text) != fingerprint(finding(1, 2), text)
    assert flagged_text(finding(1, 1), None) == "message"


def test_an_unwritable_baseline_is_a_usage_error(tree: Path) -> None:
    code, _, err = run("scripts", "--write-baseline", "missing-dir/baseline.json")
    assert code == 2 and "cannot write baseline" in err


def test_the_suppressions_in_effect_stay_listed_with_a_baseline(tree: Path) -> None:
    (tree / "scripts" / "run.sh").write_text(
        SCRIPT.replace("jq .ok", "jq .ok  # runaudit: ignore[RA1]")
    )
    assert run("scripts", "--write-baseline", "baseline.json")[0] == 0
    code, out, _ = run("scripts", "--baseline", "baseline.json", "-f", "markdown")
    assert code == 0
    assert "| scripts/run.sh:4 | RA1 | 1 |" in out
