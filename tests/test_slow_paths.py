"""Issue 25, "Slow paths users hit": each reproduction in its own process, under a timeout."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from subprocess_cli import runaudit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from generated_scripts import (
    chained_library,
    escaped_comparison_script,
    function_heredoc_script,
    heredoc_script,
)

CHECK = ["check", "--isolated", "--no-cache", "-f", "concise", "--jobs", "1"]


REPAIRED_SHAPES: dict[str, Callable[[int], str]] = {
    # Each repair re-parsed the whole text: 100 KB took 14.5 s, and past 256 repairs the
    # rest of the script stayed misread.
    "here-docs after pipelines": heredoc_script,
    # Past about 145 here-docs after pipelines in functions, or with `<<-`, the parse
    # failed: each re-parse mended 145 more (or, with the error, one), and "could not
    # read lines 1011-4825" lost 545 of 689 findings.
    "here-docs in functions": function_heredoc_script,
    "indented here-docs": lambda size: function_heredoc_script(size, indented=True),
    # `[ a \\< b ]` in each line: 800 repairs in one wide error asked a node's parent
    # each (2.7 s at 21 KB), and each repair copied the text; 100 KB went past 100 s.
    "escaped comparisons": escaped_comparison_script,
}


@pytest.mark.parametrize("script", REPAIRED_SHAPES.values(), ids=list(REPAIRED_SHAPES))
def test_a_script_of_many_repairs_is_repaired_in_linear_time(
    tmp_path: Path, script: Callable[[int], str]
) -> None:
    text = script(100_000)
    (tmp_path / "run.sh").write_text(text)
    started = time.monotonic()
    result = runaudit([*CHECK, "--timeout", "30", "run.sh"], tmp_path, timeout=60)
    assert time.monotonic() - started < 5
    findings = [line for line in result.stdout.splitlines() if ": RA101 " in line]
    assert len(findings) == text.count("claude -p"), result.stdout[-2000:]
    assert "RA900" not in result.stdout


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


UNCLOSED = {
    # each scan for the end of a word read on to the end of the line: 2,000 openers on
    # one line took 3 to 31 s, and 5,000 passed the time bound (RA901)
    "default words": "${a:-",
    "removal patterns": "${a%",
    "tests": "[[ a && ",
    "arithmetic": "$((1+",
    "assigned arithmetic": "a=$((",
}


@pytest.mark.parametrize("opener", UNCLOSED.values(), ids=list(UNCLOSED))
def test_a_line_of_unclosed_expansions_is_read_in_linear_time(tmp_path: Path, opener: str) -> None:
    (tmp_path / "run.sh").write_text("#!/bin/bash\n" + opener * 5_000 + "\ngptme x | tee log\n")
    started = time.monotonic()
    result = runaudit([*CHECK, "--timeout", "30", "run.sh"], tmp_path, timeout=60)
    assert time.monotonic() - started < 5
    # no valid shell: read in time and reported unreadable (RA900), not past the bound
    assert "RA900" in result.stdout and "RA901" not in result.stdout, result.stdout[-2000:]
