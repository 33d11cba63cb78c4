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
