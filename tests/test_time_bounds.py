"""Inputs that once stalled a run: each must finish well inside a second or two.

Each runs in a subprocess with a timeout, so a regression fails instead of hanging CI.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

RUNAUDIT = [sys.executable, "-c", "from auditor.cli import main; main()"]

# Valid Python that made the string-literal prefilter backtrack exponentially: an
# unclosed triple quote (in a comment) before many lines of escaped strings, and an
# unclosed triple quote before a run of backslashes.
CASES = {
    "triple quote in a comment": (
        "import subprocess\n# a comment mentioning '''\n"
        + "".join(f'M{i} = "a\\n"\n' for i in range(40))
    ),
    "backslashes after an unclosed triple quote": 'x = """' + "\\" * 200 + "\n",
}


@pytest.mark.parametrize("text", CASES.values(), ids=list(CASES))
def test_prefilter_scans_string_literals_in_linear_time(text: str) -> None:
    program = textwrap.dedent(
        f"""
        from auditor.python.model.prefilter import command_literals, string_literals
        text = {text!r}
        string_literals(text)
        command_literals(text, ("gptme", "claude"))
        """
    )
    subprocess.run([sys.executable, "-c", program], check=True, timeout=5)


def test_actions_expressions_are_found_in_one_pass() -> None:
    # A `run:` holding many unclosed `${{ ` once took 70 s at 200 KB (a search per opening).
    program = textwrap.dedent(
        """
        from auditor.hosts.actions import without_expressions
        from auditor.hosts.mapped import MappedText
        text = "echo " + "${{ " * 50_000 + "| tee log"
        assert without_expressions(MappedText.verbatim(text, 0)).text == text
        closed = "echo ${{ a }} ${{ b }} | tee"
        assert without_expressions(MappedText.verbatim(closed, 0)).text.count("__opaque__") == 2
        """
    )
    subprocess.run([sys.executable, "-c", program], check=True, timeout=5)


def test_many_globstars_in_a_gitignore_pattern_are_matched_in_bounded_time(
    tmp_path: Path,
) -> None:
    # `**/a/**/a/…/**/b` against a file 40 directories deep once took 128 s, --isolated too;
    # then such a pattern was refused. Matched segment by segment, it costs nothing.
    pattern = "/".join(["**/a"] * 8) + "/**/b"
    (tmp_path / ".gitignore").write_text(pattern + "\nbuild/\n")
    deep = tmp_path.joinpath(*["a"] * 40)
    deep.mkdir(parents=True)
    (deep / "run.sh").write_text("#!/bin/bash\necho hi\n")
    result = subprocess.run(
        [sys.executable, "-c", "from auditor.cli import main; main()", "check", "--isolated", "."],
        cwd=tmp_path,
        env={**os.environ, "RUNAUDIT_CACHE_DIR": str(tmp_path / "cache")},
        capture_output=True,
        text=True,
        timeout=10,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith("All checks passed! (1 file checked)\n"), result.stdout
    assert "not used" not in result.stdout + result.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_file_past_the_time_bound_is_skipped_and_the_run_goes_on(
    tmp_path: Path, jobs: str
) -> None:
    pipelines = [f'gptme "t{i}" 2>&1 | tee -a l{i} | grep -v x | sort > o{i}' for i in range(4000)]
    (tmp_path / "big.sh").write_text("#!/bin/bash\nset -e\n" + "\n".join(pipelines) + "\n")
    (tmp_path / "small.sh").write_text("#!/bin/bash\nset -e\ngptme x | tee log\n")
    flags = ["--isolated", "--no-cache", "--jobs", jobs, "--timeout", "0.2", "-f", "concise"]
    result = subprocess.run(
        [*RUNAUDIT, "check", *flags, "."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 1
    assert "small.sh:3:1: RA101" in result.stdout
    said = result.stdout + result.stderr
    assert (
        "big.sh:1:1: RA901 [error] file not audited: its analysis took longer than 0.2 s;"
        " raise `--timeout` (or `timeout` in config) to audit it"
    ) in said


def test_timeout_is_a_config_key_and_is_checked(tmp_path: Path) -> None:
    from auditor.config import load_settings
    from auditor.config_file import ConfigError

    config = tmp_path / "runaudit.toml"
    config.write_text("timeout = 2.5\n")
    assert load_settings(config, search_from=tmp_path).timeout == 2.5
    config.write_text("timeout = 0\n")
    with pytest.raises(ConfigError, match=r"`timeout` in runaudit\.toml must be a number"):
        load_settings(config, search_from=tmp_path)
