"""Generated shell inputs for the slow paths of issue 25, shared by `benchmark.py` and
the tests that time them (`tests/test_slow_paths.py`)."""

from __future__ import annotations


def heredoc_script(size: int) -> str:
    """A valid script of about `size` bytes where each here-doc follows a three-stage
    pipeline: tree-sitter-bash reads the lines between as the pipeline's arguments, and
    each place needs a repair of the parse."""
    lines = ["#!/bin/bash", "set -eu"]
    index = 0
    while sum(len(line) + 1 for line in lines) < size:
        index += 1
        lines += [
            f"git log --oneline | grep fix | head -n {index}",
            f'echo "step {index}"',
            f'cat > "/tmp/prompt.{index}" <<EOF',
            f"Task {index}: summarise the log",
            "EOF",
            f'claude -p "$(cat /tmp/prompt.{index})" 2>&1 | tee -a log.{index}',
        ]
    return "\n".join(lines) + "\n"


def chained_library(size: int) -> str:
    """A library of about `size` bytes of one-line functions, each calling the one before."""
    lines = ["#!/bin/bash", 'f_0() { echo "$@"; }']
    index = 0
    while sum(len(line) + 1 for line in lines) < size:
        index += 1
        lines.append(f'f_{index}() {{ f_{index - 1} "$@"; }}')
    return "\n".join(lines) + "\n"
