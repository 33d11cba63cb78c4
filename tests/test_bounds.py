"""Issue 25, items 8, 9, 11, 12, 14: bounds that hold, each reproduction in its own process."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from subprocess_cli import runaudit

CHECK = ["check", "--isolated", "--no-cache", "-f", "concise"]


def test_four_hundred_background_jobs_are_fast(tmp_path: Path) -> None:
    # `jobs.waits_for` rebuilt its owner table for every job: 400 jobs took 66 s.
    lines = [f"gptme t{i} > l{i} &\npid{i}=$!" for i in range(400)]
    (tmp_path / "jobs.sh").write_text("#!/bin/bash\n" + "\n".join(lines) + "\nwait $pid0\n")
    started = time.monotonic()
    result = runaudit([*CHECK, "jobs.sh"], tmp_path, timeout=30)
    assert time.monotonic() - started < 10
    assert result.returncode == 1
    assert result.stdout.splitlines()[-1] == "Found 399 findings."


WRONG_SHAPES = [
    ("launchers", []),  # `.items()` of a list was an AttributeError: "internal error"
    ("launchers", {"run": "ab"}),
    ("constants", {"N": "3"}),
    ("retried_imports", [{"module": 1}]),
    ("retry_helpers", "x"),
    ("retry_parameters", {"f": ["a"]}),
    ("launch_parameters", {"run": ["cmd", "0", 1, 2, 3]}),
    ("class_bases", {"C": [1]}),
]


@pytest.mark.parametrize(("field", "value"), WRONG_SHAPES)
def test_a_project_index_entry_of_the_wrong_shape_is_a_miss(
    tmp_path: Path, field: str, value: object
) -> None:
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "lib.py").write_text(
        "import subprocess\nN = 3\ndef run(cmd):\n    return subprocess.run(cmd)\n"
    )
    (tree / "main.py").write_text("from lib import run\nrun(['gptme', 'x'])\n")
    cache = tmp_path / "cache"
    args = ["check", "--isolated", "--cache-dir", str(cache), "-f", "json", "."]
    first = runaudit(args, tree, timeout=60)
    entries = [p for p in cache.rglob("*.json") if '"launchers"' in p.read_text()]
    assert entries, "the index entry was cached"
    for entry in entries:
        data = json.loads(entry.read_text())
        data[field] = value
        entry.write_text(json.dumps(data))
    again = runaudit(args, tree, timeout=60)
    assert again.returncode == first.returncode, again.stderr
    assert json.loads(again.stdout) == json.loads(first.stdout)  # no internal-error note


def test_the_project_index_agent_name_search_is_linear(tmp_path: Path) -> None:
    # One 32 KB `a/a/a…` token took 12 s when the search allowed any path prefix.
    (tmp_path / "run.sh").write_text("#!/bin/bash\necho " + "a/" * 16_000 + "\n")
    (tmp_path / "agent.sh").write_text("#!/bin/bash\n/opt/bin/gptme x | tee log\n")
    started = time.monotonic()
    result = runaudit([*CHECK, "."], tmp_path, timeout=30)
    assert time.monotonic() - started < 5
    assert result.stdout.splitlines()[0].startswith("agent.sh:2:1: RA101")


DOUBLING = {
    "scalar": "X=abcdefgh\n" + 'X="$X$X"\n' * 29,
    "appended scalar": "X=abcdefgh\n" + 'X+="$X"\n' * 29,
    "array": "A=(a b)\n" + 'A=("${A[@]}" "${A[@]}")\n' * 29,
    "appended array": "A=(a b)\n" + 'A+=("${A[@]}")\n' * 29,
}


@pytest.mark.parametrize("body", DOUBLING.values(), ids=list(DOUBLING))
def test_a_shell_value_past_its_size_cap_is_opaque(tmp_path: Path, body: str) -> None:
    # `X="$X$X"` 29 times held a 4 GB string: the run died of MemoryError past 1.5 GB.
    (tmp_path / "run.sh").write_text("#!/bin/bash\n" + body + 'gptme "$X" | tee log\n')
    result = runaudit([*CHECK, "--jobs", "1", "run.sh"], tmp_path, timeout=30, memory_mib=512)
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines()[0].startswith(f"run.sh:{body.count(chr(10)) + 2}:1: RA101")
    assert "internal-error" not in result.stdout + result.stderr


def test_a_shell_value_just_under_the_cap_is_known() -> None:
    from auditor.shell.parse import ShellText
    from auditor.shell.words import MAX_VALUE_SIZE, assign

    env: dict[str, str | tuple[str, ...]] = {"X": "a" * (MAX_VALUE_SIZE // 2)}
    node = ShellText('X="$X$X"\n').root.named_children[0]
    assign(node, env)
    assert env["X"] == "a" * MAX_VALUE_SIZE
    env = {"X": "a" * (MAX_VALUE_SIZE // 2), "Y": "b"}
    node = ShellText('Y="$X$X$Y"\nX+="$X$Y"\n').root
    assign(node.named_children[0], env)
    assign(node.named_children[1], env)
    assert env == {"Y": "b"}
