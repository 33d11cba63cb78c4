"""Issue 25, "Slow paths users hit": each reproduction in its own process, under a timeout."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from subprocess_cli import runaudit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from generated_scripts import chained_library, heredoc_script

CHECK = ["check", "--isolated", "--no-cache", "-f", "concise", "--jobs", "1"]


def test_a_script_of_many_heredocs_is_repaired_in_a_few_parses(tmp_path: Path) -> None:
    # Each repair re-parsed the whole text: 100 KB took 14.5 s, and past 256 repairs
    # the rest of the script stayed misread.
    text = heredoc_script(100_000)
    (tmp_path / "run.sh").write_text(text)
    started = time.monotonic()
    result = runaudit([*CHECK, "--timeout", "60", "run.sh"], tmp_path, timeout=90)
    assert time.monotonic() - started < 5
    findings = [line for line in result.stdout.splitlines() if ": RA101 " in line]
    assert len(findings) == text.count("claude -p"), result.stdout[-2000:]


def test_a_library_sourced_by_many_scripts_is_walked_once(tmp_path: Path) -> None:
    # Each of 20 scripts walked the 200 KB library again: 38 s here, 2.6 s once per run.
    (tmp_path / "lib.sh").write_text(chained_library(200_000))
    for index in range(20):
        (tmp_path / f"run_{index}.sh").write_text(
            f'#!/bin/bash\nsource ./lib.sh\nf_{index + 1} start\nclaude -p "t" | tee log.{index}\n'
        )
    started = time.monotonic()
    result = runaudit([*CHECK, "--timeout", "60", "."], tmp_path, timeout=120)
    assert time.monotonic() - started < 15
    assert result.stdout.splitlines()[-1] == "Found 20 findings.", result.stdout[-2000:]
