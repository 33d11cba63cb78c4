"""Issue 25, item 12: gitignore and `exclude` patterns cost a bounded time whatever they
hold, and mean what pathspec's `GitIgnoreSpec` (git's semantics) says they mean."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from subprocess_cli import runaudit

from auditor.gitignore import InvalidPattern, PatternSet, compile_pattern

SCRIPT = "#!/bin/bash\ngptme x | tee log\n"
STARS = "*a*a*a*a*a*a*a*a*a*a*b"  # a backtracking regex tries ~n**10 ways on "aaa…a"


def _tree(root: Path) -> None:
    """A script under a long name the pattern nearly matches, one under a name it matches."""
    (root / ("a" * 200)).mkdir()
    (root / ("a" * 200) / "run.sh").write_text(SCRIPT)
    (root / ("a" * 40 + "b")).mkdir()
    (root / ("a" * 40 + "b") / "run.sh").write_text(SCRIPT)


def test_a_costly_gitignore_pattern_is_matched_in_bounded_time(tmp_path: Path) -> None:
    # Read with --isolated too: it hung discovery.
    _tree(tmp_path)
    (tmp_path / ".gitignore").write_text(STARS + "\n")
    started = time.monotonic()
    result = runaudit(["check", "--isolated", "--no-cache", "-f", "concise", "."], tmp_path)
    assert time.monotonic() - started < 10
    assert result.returncode == 1, result.stderr
    assert result.stdout == (
        f"{'a' * 200}/run.sh:2:1: RA101 [error] [*] exit status of `gptme` is lost: without"
        " pipefail the pipeline returns the status of `tee`, and it is the last command of the"
        " script\nFound 1 finding.\n"
    )


def test_a_costly_exclude_pattern_is_matched_in_bounded_time(tmp_path: Path) -> None:
    _tree(tmp_path)
    (tmp_path / "runaudit.toml").write_text(f'exclude = ["{STARS}"]\n')
    started = time.monotonic()
    result = runaudit(["check", "--no-cache", "-f", "concise", "."], tmp_path)
    assert time.monotonic() - started < 10
    assert result.returncode == 1, result.stderr
    assert result.stdout.startswith(f"{'a' * 200}/run.sh:2:1: RA101 [error]")
    assert result.stdout.endswith("Found 1 finding.\n")


def test_a_hundred_thousand_excludes_are_compiled_once(tmp_path: Path) -> None:
    # 31 s on a one-file tree when each was compiled to a regex, twice, and the run's
    # 100,000-pattern tuple was hashed for every path.
    (tmp_path / "run.sh").write_text(SCRIPT)
    (tmp_path / "x17").mkdir()
    (tmp_path / "x17" / "run.sh").write_text(SCRIPT)
    patterns = ", ".join(f'"dir{i}/x{i}"' for i in range(100_000))
    (tmp_path / "runaudit.toml").write_text(f'extend-exclude = [{patterns}, "x17/"]\n')
    started = time.monotonic()
    result = runaudit(["check", "--no-cache", "-f", "concise", "."], tmp_path, timeout=60)
    assert time.monotonic() - started < 10
    assert result.returncode == 1, result.stderr
    assert result.stdout.startswith("run.sh:2:1: RA101 [error]")
    assert result.stdout.endswith("Found 1 finding.\n")


def test_a_hundred_thousand_per_file_ignores_are_compiled_once(tmp_path: Path) -> None:
    # 51 s on 200 files when every pattern was matched on its own for every rule's code.
    for i in range(200):
        (tmp_path / f"d{i}").mkdir()
        (tmp_path / f"d{i}" / "run.sh").write_text(SCRIPT)
    lines = [f'"dir{i}/*x{i}*" = ["RA101"]' for i in range(100_000)]
    table = "\n".join([*lines, '"d7/*" = ["RA1"]', '"!d8/*" = ["RA101"]'])
    (tmp_path / "runaudit.toml").write_text(f"[per-file-ignores]\n{table}\n")
    started = time.monotonic()
    result = runaudit(["check", "--no-cache", "-f", "concise", "."], tmp_path, timeout=120)
    assert time.monotonic() - started < 20
    assert result.returncode == 1, result.stderr
    reported = {line.split("/")[0] for line in result.stdout.splitlines()[:-1]}
    assert reported == {f"d{i}" for i in range(200)} - {"d7"}  # a `!` pattern ignores none


def test_an_invalid_exclude_pattern_is_a_config_error(tmp_path: Path) -> None:
    (tmp_path / "run.sh").write_text(SCRIPT)
    (tmp_path / "runaudit.toml").write_text('exclude = ["a[z-b]"]\n')
    result = runaudit(["check", "--no-cache", "."], tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "runaudit: error: runaudit.toml: invalid pattern `a[z-b]` in `exclude` in"
        " runaudit.toml: the range `z-b` is reversed\n"
    )


@pytest.mark.parametrize("line", ["!", "a\\", "x/[ab", "/"])
def test_patterns_git_would_not_use(line: str) -> None:
    if line == "/":
        assert compile_pattern(line) is None  # matches nothing, as in git
        return
    with pytest.raises(InvalidPattern):
        compile_pattern(line)


ATOMS = ["a", "b", "ab", "*", "**", "?", "[ab]", "[!a]", "[^b]", "a*", "*b", "\\*", "[a-c]"]
ATOMS += ["***", "a**b", "[]a]", "*a*b*", "?b", "", "a ", "[*]", "x"]
NAMES = ["a", "b", "ab", "ba", "x", "aab", "*", "c", "abc", "]", "a b", "bab"]


@st.composite
def _pattern(draw: st.DrawFn) -> str:
    text = "/".join(draw(st.lists(st.sampled_from(ATOMS), min_size=1, max_size=4)))
    lead = draw(st.sampled_from(["", "/", "!", "!/"]))
    return lead + text + draw(st.sampled_from(["", "/"]))


@settings(max_examples=400, deadline=None)
@given(
    lines=st.lists(_pattern(), min_size=1, max_size=3),
    paths=st.lists(
        st.tuples(st.lists(st.sampled_from(NAMES), min_size=1, max_size=5), st.booleans()),
        min_size=1,
        max_size=8,
    ),
)
def test_patterns_mean_what_pathspec_says(lines: list[str], paths: list) -> None:
    from pathspec import GitIgnoreSpec

    try:
        reference = GitIgnoreSpec.from_lines(lines)
    except ValueError:
        return  # a line pathspec refuses (so does PatternSet, strict or not)
    matcher = PatternSet(lines)
    for parts, directory in paths:
        path = "/".join(parts) + ("/" if directory else "")
        assert matcher.check(path) == reference.check_file(path).include, (lines, path)


@settings(max_examples=300, deadline=None)
@given(
    lines=st.lists(_pattern(), min_size=1, max_size=4),
    parts=st.lists(st.sampled_from(NAMES), min_size=1, max_size=5),
)
def test_each_matching_is_each_pattern_on_its_own(lines: list[str], parts: list[str]) -> None:
    """`per-file-ignores` asks which patterns match a path, each on its own: the one
    matcher answers what a matcher of each pattern alone does."""
    path = "/".join(parts)
    alone = [i for i, line in enumerate(lines) if PatternSet([line]).matches(path)]
    assert PatternSet(lines).each_matching(path) == alone, (lines, path)
