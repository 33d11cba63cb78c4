"""Issue 25, item 13: a 5,000-digit number anywhere a number is read is just not a number
runaudit knows (one bounded parser), never an internal error."""

from __future__ import annotations

from pathlib import Path

import pytest
from subprocess_cli import runaudit

from auditor.numbers import MAX_DIGITS, bounded_int

HUGE = "9" * 5_000
FILES = {
    "return.sh": f"#!/bin/bash\nrun() {{ gptme x; return {HUGE}; }}\nrun\n",
    "case.sh": f"#!/bin/bash\ngptme x\ncase $? in {HUGE}) echo rate ;; esac\n",
    "guard.sh": f"#!/bin/bash\ngptme x\nrc=$?\nif [ $rc -eq {HUGE} ]; then echo x; fi\n",
    "pipestatus.sh": f"#!/bin/bash\ngptme x | tee log\necho ${{PIPESTATUS[{HUGE}]}}\n",
    "shift.sh": f'#!/bin/bash\nrun() {{ shift {HUGE}; gptme "$@"; }}\nrun a b | tee\n',
    "loop.sh": f"#!/bin/bash\nwhile true; do gptme x; (( $? == {HUGE} )) && break; done\n",
    "loop_case.sh": (
        f"#!/bin/bash\nwhile true; do gptme x; case $? in {HUGE}) break;; 0) break;; esac; done\n"
    ),
    "loop_case_rc.sh": (
        "#!/bin/bash\nfor i in 1 2 3; do\n  gptme x\n  rc=$?\n"
        f"  case $rc in {HUGE}) break;; *) sleep 1;; esac\ndone\n"
    ),
    "until_case.sh": f"#!/bin/bash\nuntil gptme x; do case $? in {HUGE}) exit 1;; esac; done\n",
    "agent.service": (
        "[Service]\nExecStart=/usr/bin/gptme x\nRestart=on-failure\n"
        f"SuccessExitStatus={HUGE}\nRestartPreventExitStatus={HUGE}\n"
    ),
    "format.py": (
        "import subprocess\n"
        f"subprocess.run('gptme {{{HUGE}}} | tee log'.format('x'), shell=True, check=True)\n"
    ),
}


def test_bounded_int() -> None:
    assert bounded_int("75") == 75
    assert bounded_int("-1", signed=True) == -1 and bounded_int("-1") is None
    assert bounded_int("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)
    assert bounded_int("9" * (MAX_DIGITS + 1)) is None
    assert bounded_int("٣") is None and bounded_int("") is None and bounded_int("1a") is None


@pytest.mark.parametrize("name", list(FILES))
def test_a_huge_number_is_no_internal_error(tmp_path: Path, name: str) -> None:
    (tmp_path / name).write_text(FILES[name])
    result = runaudit(["check", "--isolated", "--no-cache", "-f", "json", name], tmp_path)
    assert result.returncode in (0, 1), result.stdout + result.stderr
    assert '"internal-error"' not in result.stdout and "Traceback" not in result.stderr


@pytest.mark.parametrize("spelled", ["²", HUGE])
def test_a_client_retries_default_in_other_digits_keeps_the_summary(spelled: str) -> None:
    """`int(os.getenv("N", "²"))` is no number runaudit knows: the client's retries are
    unknown, and the module's call-graph facts are kept (not lost to a `ValueError`)."""
    from auditor.python.runner.summary import summarize_python

    text = (
        "import os\nimport openai\n\n"
        f'def make():\n    return openai.OpenAI(max_retries=int(os.getenv("N", "{spelled}")))\n'
    )
    summary = summarize_python(text, "clients.py", None, None, "clients")
    # the client it returns, its retries unknown ("?")
    assert summary.graph["functions"]["make"]["returns"] == ((-1, "client", "5:11", "?"),)


def test_a_loop_case_arm_of_a_huge_number_matches_no_status(tmp_path: Path) -> None:
    """`case $? in HUGE) break;; 0) break;;` stops on no status but success: the loop
    re-runs the agent on every failure (RA302), as with any status it never returns."""
    (tmp_path / "loop.sh").write_text(FILES["loop_case.sh"])
    result = runaudit(["check", "--isolated", "--no-cache", "-f", "concise", "loop.sh"], tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert [line.split()[1] for line in result.stdout.splitlines()[:-1]] == ["RA302"]


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (f"[tool.runaudit]\ntimeout = {HUGE}\n", "invalid TOML: a number too long"),
        (
            '[tool.runaudit.sdk.constructors.evil]\nmodule = "evil"\nclasses = ["C"]\n'
            f"default = 0x{'f' * 5_000}\n",
            "must be a number of retries up to 1,000",
        ),
    ],
)
def test_a_huge_number_in_the_config_is_a_config_error(
    tmp_path: Path, config: str, message: str
) -> None:
    (tmp_path / "pyproject.toml").write_text(config)
    (tmp_path / "a.py").write_text("import evil\nclient = evil.C()\n")
    result = runaudit(["check", "--no-cache", "a.py"], tmp_path)
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert "internal error" not in result.stderr


def test_a_huge_number_in_a_baseline_is_a_baseline_error(tmp_path: Path) -> None:
    (tmp_path / "a.sh").write_text("gptme x\n")
    (tmp_path / "b.json").write_text(f'{{"version": 1, "findings": [], "n": {HUGE}}}')
    args = ["check", "--isolated", "--no-cache", "--baseline", "b.json", "a.sh"]
    result = runaudit(args, tmp_path)
    assert result.returncode == 2, result.stderr
    assert "b.json: cannot read baseline: a number too long" in result.stderr


@pytest.mark.parametrize(
    ("digits", "removed"), [("9" * 200, False), ("9" * 18, True), ("²", False)]
)
def test_a_leftover_temporary_of_no_process_id_is_no_internal_error(
    tmp_path: Path, digits: str, removed: bool
) -> None:
    """A name like a killed `--fix`'s temporary whose process id is more digits than a
    number holds, or other digits, is not one runaudit wrote: it stays; one of a number
    past any process id (`os.kill` cannot take it) is a leftover, removed."""
    (tmp_path / "a.sh").write_text("#!/bin/bash\ngptme x | tee log\n")
    stray = tmp_path / f".a.sh.runaudit-{digits}~"
    stray.touch()
    args = ["check", "--isolated", "--no-cache", "--fix", "--unsafe-fixes", "a.sh"]
    result = runaudit(args, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "set -o pipefail" in (tmp_path / "a.sh").read_text()
    assert stray.exists() is not removed
