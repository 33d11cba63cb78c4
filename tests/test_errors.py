"""Every failure is exit 2 with one line saying what and where: never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from invoke import invoke

from auditor import cli

MASKED = '#!/bin/bash\nset -e\ngptme "$PROMPT" 2>&1 | tee run.log\n'
RUNAUDIT = [sys.executable, "-c", "from auditor.cli import main; main()"]


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "bad.sh").write_text(MASKED)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_output_into_a_missing_folder_creates_it(tree: Path) -> None:
    result = invoke(["check", "--isolated", "bad.sh", "-o", "reports/ci/runaudit.txt"])
    assert result.exit_code == 1 and result.exception is None
    assert "RA101" in (tree / "reports" / "ci" / "runaudit.txt").read_text()


def test_output_to_a_folder_is_a_usage_error(tree: Path) -> None:
    (tree / "out").mkdir()
    result = invoke(["check", "--isolated", "bad.sh", "-o", "out"])
    assert (result.exit_code, result.exception) == (2, None)
    assert "--output out: is a directory" in result.stderr


def test_output_that_cannot_be_written_is_a_usage_error(tree: Path) -> None:
    (tree / "blocker").write_text("a file, not a folder")
    result = invoke(["check", "--isolated", "bad.sh", "-o", "blocker/report.txt"])
    assert (result.exit_code, result.exception) == (2, None)
    assert "--output blocker/report.txt: cannot write" in result.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_stdout_is_exit_2_without_a_traceback(tree: Path) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [*RUNAUDIT, "check", "--isolated", "--no-cache", "bad.sh"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=30,
        )
    assert result.returncode == 2
    assert result.stderr == "runaudit: error: no space left on device\n"


def test_a_closed_stdout_is_exit_2_without_a_traceback(tree: Path) -> None:
    result = subprocess.run(
        [*RUNAUDIT, "check", "--isolated", "--no-cache", "bad.sh"],
        stderr=subprocess.PIPE,
        text=True,
        timeout=30,
        preexec_fn=lambda: os.close(1),
    )
    assert result.returncode == 2
    assert result.stderr == "runaudit: error: standard output is closed\n"


@pytest.mark.parametrize("size", ["1000000000000", "9223372036854775807"])
def test_an_absurd_max_file_size_is_a_config_error(tree: Path, size: str) -> None:
    (tree / "runaudit.toml").write_text(f"max-file-size = {size}\n")
    result = invoke(["check", "bad.sh"])
    assert (result.exit_code, result.exception) == (2, None)
    assert "`max-file-size` in runaudit.toml must be a positive number of bytes" in result.stderr


def test_a_deeply_nested_baseline_is_a_usage_error(tree: Path) -> None:
    (tree / "baseline.json").write_text("[" * 200_000)
    result = invoke(["check", "--isolated", "bad.sh", "--baseline", "baseline.json"])
    assert (result.exit_code, result.exception) == (2, None)
    assert "baseline.json: cannot read baseline: nested too deeply" in result.stderr


@pytest.mark.parametrize(
    "entry",
    [
        "[" * 200_000,
        '{"findings": [{"path": 1, "span": [1, 1, 1, 2], "code": "RA101"}], "diagnostics": []}',
        '{"findings": [], "diagnostics": [["a", "skipped", 7]], "suppressed": 0}',
        '{"findings": "x", "diagnostics": [], "suppressed": "0"}',
    ],
)
def test_a_broken_cache_entry_is_recomputed(tree: Path, entry: str) -> None:
    cache = tree / "cache"
    args = ["check", "--isolated", "--cache-dir", str(cache), "bad.sh", "-f", "json"]
    first = invoke(args)
    entries = [p for p in cache.rglob("*.json") if p.is_file()]
    assert entries
    for path in entries:
        path.write_text(entry)
    for fmt in ("json", "text", "markdown", "sarif", "junit"):
        again = invoke([*args[:-1], fmt])
        assert again.exception is None and again.exit_code == 1
    assert invoke(args).stdout == first.stdout


def test_ctrl_c_prints_interrupted_and_exits_130(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(options: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setitem(cli.COMMANDS, "check", interrupted)
    result = invoke(["check", "bad.sh"])
    assert (result.exit_code, result.exception) == (130, None)
    assert result.stderr == "runaudit: interrupted\n"


def test_an_internal_error_is_exit_2_with_one_line(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(options: object) -> int:
        raise ValueError("something inside broke")

    monkeypatch.setitem(cli.COMMANDS, "check", broken)
    result = invoke(["check", "bad.sh"])
    assert (result.exit_code, result.exception) == (2, None)
    assert result.stderr == "runaudit: internal error: ValueError: something inside broke\n"


@pytest.mark.parametrize("kind", ["link to /dev/zero", "fifo"])
def test_a_hostile_baseline_is_refused_without_hanging(tree: Path, kind: str) -> None:
    baseline = tree / "baseline.json"
    if kind == "fifo":
        os.mkfifo(baseline)
    else:
        baseline.symlink_to("/dev/zero")
    result = subprocess.run(
        [*RUNAUDIT, "check", "--isolated", "--no-cache", "bad.sh", "--baseline", "baseline.json"],
        cwd=tree,
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("runaudit: error: baseline.json: baseline not read: ")


@pytest.mark.parametrize("kind", ["link to /dev/zero", "fifo"])
def test_a_hostile_cache_entry_is_a_miss(tree: Path, kind: str) -> None:
    cache = tree / "cache"
    args = [*RUNAUDIT, "check", "--isolated", "--cache-dir", str(cache), "bad.sh", "-f", "json"]
    first = subprocess.run(args, cwd=tree, capture_output=True, timeout=20)
    for path in [p for p in cache.rglob("*.json") if p.is_file()]:
        path.unlink()
        if kind == "fifo":
            os.mkfifo(path)
        else:
            path.symlink_to("/dev/zero")
    again = subprocess.run(args, cwd=tree, capture_output=True, timeout=20)
    assert (again.returncode, again.stdout) == (first.returncode, first.stdout) == (1, first.stdout)


@pytest.mark.parametrize(
    ("target", "name"),
    [
        ("auditor.run.index_listing", "the index"),
        ("auditor.engine.Auditor._suppress", "suppressions"),
    ],
)
def test_an_exception_in_the_index_or_suppression_stage_is_exit_2(
    tree: Path, monkeypatch: pytest.MonkeyPatch, target: str, name: str
) -> None:
    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError(f"{name} broke")

    monkeypatch.setattr(target, broken)
    result = invoke(["check", "--isolated", "--no-cache", "--jobs", "1", "bad.sh"])
    assert (result.exit_code, result.exception) == (2, None)
    assert result.stderr == f"runaudit: internal error: RuntimeError: {name} broke\n"
