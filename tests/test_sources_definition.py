"""Issue 25, item 5: one definition of "sources a file", for the shell model and the cache:
a script that sources a library in any form the model follows is never served stale."""

from __future__ import annotations

from pathlib import Path

import pytest
from subprocess_cli import runaudit

FORMS = {
    "case arm": "case $1 in *) source ./lib.sh ;; esac",
    "if": "if source ./lib.sh; then :; fi",
    "assignment prefix": "X=1 source ./lib.sh",
    "backticks": "`source ./lib.sh`",
}


@pytest.mark.parametrize("form", list(FORMS.values()), ids=list(FORMS))
def test_a_script_that_sources_a_library_is_not_served_stale(tmp_path: Path, form: str) -> None:
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "lib.sh").write_text('run_agent() { gptme "$@"; }\n')
    (tree / "main.sh").write_text(f"#!/bin/bash\nset -e\n{form}\nrun_agent x\nrc=$?\necho $rc\n")
    args = ["check", "--isolated", "--cache-dir", str(tmp_path / "cache"), "-f", "concise"]

    def codes() -> list[str]:
        result = runaudit([*args, "main.sh"], tree, timeout=60)
        return [line.split()[1] for line in result.stdout.splitlines() if line.startswith("main")]

    assert codes() == ["RA204"]  # the model follows the source: `rc=$?` only sees success
    (tree / "lib.sh").write_text("run_agent() { echo not an agent; }\n")  # same main.sh bytes
    assert codes() == []
