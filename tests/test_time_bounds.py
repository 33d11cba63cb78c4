"""Inputs that once stalled a run: each must finish well inside a second or two.

Each runs in a subprocess with a timeout, so a regression fails instead of hanging CI.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

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
        from auditor.python.prefilter import command_literals, string_literals
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
