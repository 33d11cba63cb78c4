"""Generated shell inputs for the slow paths and bounds of issue 25, shared by
`benchmark.py` and the tests that time them (`tests/test_slow_paths.py`,
`tests/test_bounds.py`)."""

from __future__ import annotations

from collections.abc import Callable


def _grown(head: list[str], size: int, block: Callable[[int], list[str]]) -> str:
    """`head`, then `block(1)`, `block(2)`, … until the text holds about `size` bytes."""
    lines, length, index = list(head), sum(len(line) + 1 for line in head), 0
    while length < size:
        index += 1
        added = block(index)
        lines += added
        length += sum(len(line) + 1 for line in added)
    return "\n".join(lines) + "\n"


def heredoc_script(size: int) -> str:
    """A valid script of about `size` bytes where each here-doc follows a three-stage
    pipeline: tree-sitter-bash reads the lines between as the pipeline's arguments, and
    each place needs a repair of the parse."""
    return _grown(
        ["#!/bin/bash", "set -eu"],
        size,
        lambda index: [
            f"git log --oneline | grep fix | head -n {index}",
            f'echo "step {index}"',
            f'cat > "/tmp/prompt.{index}" <<EOF',
            f"Task {index}: summarise the log",
            "EOF",
            f'claude -p "$(cat /tmp/prompt.{index})" 2>&1 | tee -a log.{index}',
        ],
    )


def function_heredoc_script(size: int, indented: bool = False) -> str:
    """A valid script of about `size` bytes of functions that each run a three-stage
    pipeline, then a here-doc (`<<-`, indented, when `indented`), and call an agent whose
    status a `tee` loses: each place needs a repair of the parse, and past about 145 of
    them tree-sitter-bash's parse fails (`auditor/shell/swallowed.py`)."""
    tab = "\t" if indented else ""
    return _grown(
        ["#!/bin/bash", "set -eu"],
        size,
        lambda index: [
            f"step_{index}() {{",
            f"{tab}git log --oneline | grep fix | head -n {index}",
            f"{tab}cat <<{'-' if indented else ''}EOF",
            f"{tab}Task {index}: summarise the log",
            f"{tab}EOF",
            "}",
            f'claude -p "$(step_{index})" 2>&1 | tee -a log.{index}',
        ],
    )


def escaped_comparison_script(size: int) -> str:
    """A valid script of about `size` bytes of lines that each test `[ a \\< b ]`, which
    tree-sitter-bash reads as an error (each needs a repair of the parse), then run an
    agent whose status a `tee` loses."""
    return _grown(
        ["#!/bin/bash", "set -eu"],
        size,
        lambda index: [
            f'[ "$LAST" \\< "v{index}" ] && claude -p "task {index}" 2>&1 | tee -a log.{index}'
        ],
    )


def chained_library(size: int) -> str:
    """A library of about `size` bytes of one-line functions, each calling the one before."""
    return _grown(
        ["#!/bin/bash", 'f_0() { echo "$@"; }'],
        size,
        lambda index: [f'f_{index}() {{ f_{index - 1} "$@"; }}'],
    )


def generated_runner(lines: int) -> str:
    """A runner script of about `lines` lines, built from the constructs real loop drivers
    use: functions running agents, pipelines with PIPESTATUS, guards on statuses, `case`,
    arrays, background jobs and `wait`, retry and schedule loops, `set +e … set -e`."""
    out = ["#!/usr/bin/env bash", "set -euo pipefail", 'LOG="${LOG:-/tmp/run.log}"']
    index = 0
    while len(out) < lines:
        index += 1
        out += [
            f"run_agent_{index}() {{",
            '  local prompt="$1" rc=0',
            f'  AGENT_ARGS=(-p "$prompt" --output-format json --max-turns {index % 9 + 1})',
            '  timeout 600 claude "${AGENT_ARGS[@]}" 2>&1 | tee -a "$LOG"',
            "  rc=${PIPESTATUS[0]}",
            '  if [ "$rc" -eq 124 ]; then echo "timed out" >&2; return 124; fi',
            '  if grep -q "rate limit" "$LOG"; then return 75; fi',
            '  return "$rc"',
            "}",
            f"attempt_{index}() {{",
            "  local n=0",
            "  while [ $n -lt 3 ]; do",
            f'    if run_agent_{index} "task {index}"; then',
            "      break",
            "    else",
            "      rc=$?",
            "      case $rc in",
            "        75) sleep 60 ;;",
            "        124) n=$((n + 1)) ;;",
            '        *) echo "failed: $rc" >&2; return "$rc" ;;',
            "      esac",
            "    fi",
            "  done",
            "}",
            "set +e",
            f'out=$(gemini -p "summarise {index}" --output-format json)',
            "status=$?",
            "set -e",
            'if [ "$status" -ne 0 ] || ! jq -e .response <<<"$out" >/dev/null; then',
            '  echo "summary failed" >&2',
            "fi",
            f'codex exec "check {index}" > "/tmp/check.{index}" &',
            "pid=$!",
            'wait "$pid" || echo "check failed" >&2',
            f"for item in a{index} b{index} c{index}; do",
            '  printf "%s\n" "$item" | sort | uniq >> "$LOG"',
            "done",
            f'attempt_{index} || echo "attempt {index} gave up" >&2',
        ]
    return "\n".join(out[:lines]) + "\n"
