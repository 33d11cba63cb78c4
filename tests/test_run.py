"""Whole runs: parallel and cached runs print exactly what a plain run prints."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from auditor import cache as cache_module
from auditor.config import Settings
from auditor.discover import Candidate
from auditor.output import render
from auditor.run import audit

CORPUS = Path(__file__).parent.parent / "corpus"


def report_text(tree: Path, settings: Settings, **options: object) -> str:
    report = audit([tree], settings, cwd=tree.parent, **options)  # type: ignore[arg-type]
    from auditor.engine import enabled_rules

    return render("json", report, enabled_rules(settings)) + render(
        "text", report, enabled_rules(settings)
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "tree"
    shutil.copytree(CORPUS, root)
    return root


def test_jobs_1_and_2_print_the_same_report(tree: Path) -> None:
    one = report_text(tree, Settings(), jobs=1)
    two = report_text(tree, Settings(), jobs=2)
    assert one == two
    assert '"code": "RA101"' in one


def test_each_worker_pool_of_a_cold_run_runs_to_its_end(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Both pools of a cold run (the files that need no call graph, then Python's) finish
    # their work and shut down in order; one closed early kills its workers, and the
    # interpreter's exit then trips over the pool's closed pipes.
    import auditor.run as run_module
    from auditor.workers import map_in_workers

    ends: list[str] = []

    def recorded(*args: Any) -> Iterator[Any]:
        try:
            yield from map_in_workers(*args)
        except GeneratorExit:
            ends.append("closed early")
            raise
        ends.append("finished")

    monkeypatch.setattr(run_module, "_mapped", recorded)
    report_text(tree, Settings(), jobs=2)
    assert ends == ["finished", "finished"]


def test_cold_and_warm_runs_are_byte_identical(tree: Path, tmp_path: Path) -> None:
    cache_dir = tmp_path / "cache"
    cold = report_text(tree, Settings(), cache_dir=cache_dir, jobs=2)
    entries = list(cache_dir.rglob("*.json"))
    assert entries, "the cold run wrote no cache entry"
    warm = report_text(tree, Settings(), cache_dir=cache_dir, jobs=2)
    assert cold == warm
    assert report_text(tree, Settings(), jobs=1) == cold


def _entries(cache_dir: Path) -> set[Path]:
    return set(cache_dir.rglob("*.json"))


def _remove_entries(cache_dir: Path, *fields: str) -> int:
    """Remove the cache entries that hold one of `fields` (results: `findings`; module
    summaries: `graph`); how many went."""
    removed = 0
    for entry in _entries(cache_dir):
        if set(json.loads(entry.read_text())) & set(fields):
            entry.unlink()
            removed += 1
    return removed


def test_a_warm_run_reads_no_summary_and_builds_no_call_graph(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every result in the cache: the summaries stay on disk, the call graph unbuilt (the
    scripts that source a file, never cached, are audited without them)."""
    from auditor.indexing import LazySummaries
    from auditor.python.model import call_graph as graph_module

    cache_dir = tmp_path / "cache"
    cold = report_text(tree, Settings(), cache_dir=cache_dir, jobs=1)

    def refused(*args: object) -> None:
        raise AssertionError("read in a warm run")

    monkeypatch.setattr(LazySummaries, "summaries", refused)
    monkeypatch.setattr(graph_module, "CallGraph", refused)
    assert report_text(tree, Settings(), cache_dir=cache_dir, jobs=1) == cold


@pytest.mark.parametrize("lost", [("findings",), ("findings", "graph")])
def test_a_warm_run_audits_what_the_cache_lost_with_the_whole_index(
    tree: Path, tmp_path: Path, lost: tuple[str, ...]
) -> None:
    """Results gone from the cache (and the summaries they were keyed by): the files are
    audited with every summary, read from the cache or made again, as a cold run does."""
    cache_dir = tmp_path / "cache"
    cold = report_text(tree, Settings(), cache_dir=cache_dir, jobs=2)
    assert _remove_entries(cache_dir, *lost) > 0
    assert report_text(tree, Settings(), cache_dir=cache_dir, jobs=2) == cold


def test_cache_is_invalidated_by_content_config_and_version(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache_dir = tmp_path / "cache"
    script = tree / "shell" / "errexit_set_e_bad.sh"
    first = report_text(tree, Settings(), cache_dir=cache_dir, jobs=1)
    before = _entries(cache_dir)

    script.write_text(script.read_text() + "\ngptme again | tee -a log\n")
    changed = report_text(tree, Settings(), cache_dir=cache_dir, jobs=1)
    assert changed != first and "again" in changed
    assert len(_entries(cache_dir) - before) >= 1

    ignoring = report_text(tree, Settings(ignore=("RA101",)), cache_dir=cache_dir, jobs=1)
    assert '"code": "RA101"' not in ignoring

    monkeypatch.setattr(cache_module, "build_id", lambda: "another-version")
    count = len(_entries(cache_dir))
    report_text(tree, Settings(), cache_dir=cache_dir, jobs=1)
    assert len(_entries(cache_dir)) > count  # a new version writes new entries


def test_a_corrupt_entry_is_ignored_and_rewritten(tree: Path, tmp_path: Path) -> None:
    cache_dir = tmp_path / "cache"
    expected = report_text(tree, Settings(), cache_dir=cache_dir, jobs=1)
    entries = sorted(_entries(cache_dir))
    for entry in entries:
        entry.write_text("{not json")
    for entry in entries[:3]:
        entry.write_text(
            json.dumps({"findings": [{"path": 1}], "diagnostics": [], "suppressed": 0})
        )
    assert report_text(tree, Settings(), cache_dir=cache_dir, jobs=1) == expected
    assert all(json.loads(entry.read_text()) for entry in entries)


def test_the_cache_is_never_written_inside_the_audited_tree(tree: Path) -> None:
    inside = tree / ".cache"
    report_text(tree, Settings(), cache_dir=inside, jobs=1)
    assert not inside.exists()


def test_a_file_that_crashes_its_worker_costs_that_file_only(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A parser crashing in native code kills its worker; the run reports that one file."""
    import os
    import signal

    from auditor.file_jobs import AuditJob
    from auditor.finding import DiagnosticKind

    expected = audit([tree], Settings(), cwd=tree.parent, jobs=1)
    (tree / "boom.sh").write_text("#!/bin/bash\ngptme x | tee log\n")
    audit_file = AuditJob.__call__

    def crashing(self: AuditJob, candidate: Candidate) -> object:
        if candidate.display.endswith("boom.sh"):
            os.kill(os.getpid(), signal.SIGKILL)  # what a segfault does to the worker
        return audit_file(self, candidate)

    monkeypatch.setattr(AuditJob, "__call__", crashing)
    report = audit([tree], Settings(), cwd=tree.parent, jobs=2)
    internal = [d for d in report.diagnostics if d.kind is DiagnosticKind.INTERNAL]
    assert [d.path for d in internal] == ["tree/boom.sh"]
    assert "crashed" in internal[0].message
    assert report.findings == expected.findings
    assert report.files_checked == expected.files_checked


def test_nesting_is_measured_in_the_one_walk_that_indexes_a_module(tmp_path: Path) -> None:
    """A module deeper than runaudit analyses is a parse error at the nesting, found by
    the walk that indexes it (no second pass); the modules beside it are audited."""
    (tmp_path / "runner.py").write_text(
        "import subprocess\n\ndef go():\n"
        "    r = subprocess.run('gptme x | tee log', shell=True)\n    return r.returncode\n"
    )
    deep = "1" + " + 1" * 600  # 600 levels of `BinOp`: more than runaudit analyses
    (tmp_path / "deep.py").write_text(
        f"import subprocess\nx = {deep}\nsubprocess.run('gptme x | tee l', shell=True)\n"
    )
    report = audit([tmp_path], Settings(root=tmp_path), cwd=tmp_path, jobs=1)
    assert {f.code for f in report.findings if f.path == "runner.py"} == {"RA101"}
    (deep_error,) = [f for f in report.findings if f.path == "deep.py"]
    assert deep_error.code == "RA900" and deep_error.span.start.line == 2
    assert deep_error.message == (
        "Python nested too deeply to analyse: more than 400 levels of nesting"
    )


def test_modules_calling_a_configured_step_callable_are_indexed(tmp_path: Path) -> None:
    """A step callable added in config (`[tool.runaudit.steps] calls`) makes the module
    that calls it a launcher in the project index, though it names no process or retry
    word: a retry loop in another module around that launcher is RA301."""
    (tmp_path / "turns.py").write_text(
        "from agentkit import run_turn\n\n\ndef take_turn(task):\n    return run_turn(task)\n"
    )
    (tmp_path / "loop.py").write_text(
        "from turns import take_turn\n\n\ndef work(task):\n    for attempt in range(3):\n"
        "        try:\n            return take_turn(task)\n        except Exception:\n"
        "            continue\n"
    )
    settings = Settings(root=tmp_path, steps={"calls": ["agentkit.run_turn"]})
    report = audit([tmp_path], settings, cwd=tmp_path, jobs=1)
    assert [(f.path, f.code, f.span.start.line) for f in report.findings] == [
        ("loop.py", "RA301", 5)
    ]
    assert not audit([tmp_path], Settings(root=tmp_path), cwd=tmp_path, jobs=1).findings


def test_test_modules_stay_out_of_the_index_and_are_audited_whole(tmp_path: Path) -> None:
    """Nothing imports a test module, so the project index does not parse it; its own
    audit still reads its functions (here a wrapper whose parameter reaches a launch)."""
    from auditor.discover import discover
    from auditor.indexing import build_index

    runner = (
        "import subprocess\n\n\ndef run_command(cmd):\n    return subprocess.run(cmd)\n\n\n"
        "def test_agent():\n    run_command(['gptme', '-n', 'x'])\n"
    )
    (tmp_path / "test_agent.py").write_text(runner)
    (tmp_path / "agent_check.py").write_text(runner)
    settings = Settings(root=tmp_path)
    index = build_index(discover([tmp_path], settings, cwd=tmp_path).candidates, settings)
    assert [summary.path for summary in index.python.values()] == ["agent_check.py"]
    report = audit([tmp_path], settings, cwd=tmp_path, jobs=1)
    assert [(f.path, f.code, f.span.start.line) for f in report.findings] == [
        ("agent_check.py", "RA203", 9),
        ("test_agent.py", "RA203", 9),
    ]
