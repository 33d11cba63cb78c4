"""An unknown value is named in messages as the host wrote it, never by its placeholder."""

from __future__ import annotations

import textwrap

from auditor.config import Settings
from auditor.engine import audit_text
from auditor.kinds import FileKind
from auditor.shell.unit import expression_at
from auditor.unit import OPAQUE_WORD


def test_a_python_command_string_names_its_unknown_stage() -> None:
    source = textwrap.dedent(
        """\
        import subprocess
        def run(cmd, sink):
            subprocess.run(f"{cmd} build | tee log", shell=True, check=True)
            subprocess.run(f"claude -p x | {sink.name}", shell=True, check=True)
        """
    )
    result = audit_text(source, "run.py", FileKind.PYTHON, Settings(extend_select=("RA102",)))
    messages = [f.message for f in result.findings]
    assert len(messages) == 2
    assert all(OPAQUE_WORD not in m for m in messages)
    assert "`cmd`" in messages[0] and "`sink.name`" in messages[1]


def test_a_bash_c_string_names_its_unknown_stage() -> None:
    script = 'set -e\nbash -c "$CMD --flag | tee log"\nbash -c "claude -p x | $FILTER"\n'
    result = audit_text(script, "run.sh", FileKind.SHELL, Settings(extend_select=("RA102",)))
    messages = [f.message for f in result.findings]
    assert len(messages) == 2
    assert "`$CMD`" in messages[0] and "`$FILTER`" in messages[1]


def test_expression_at_reads_the_expression_as_written() -> None:
    assert expression_at('x = f"{a.b(c)[0]} y"', 7) == "a.b(c)[0]"
    assert expression_at("echo $(date +%s) done", 5) == "$(date +%s)"
    assert expression_at("echo $1", 5) == "$1"
    assert expression_at("   ", 1) == "an unknown value"
