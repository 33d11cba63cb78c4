"""What a `grep` looks for: its pattern, option letters and files (`grep_words`)."""

from __future__ import annotations

import pytest

from auditor.profiles import default_catalog
from auditor.shell.grep_words import GrepQuery, grep_query
from auditor.shell.model import ShellScript


def query(text: str) -> GrepQuery | None:
    """The query of the one `grep` in `text`."""
    script = ShellScript.build(text, default_catalog())
    grep = next(c for c in script.commands if c.command_name in ("grep", "egrep", "fgrep", "rg"))
    return grep_query(grep)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('grep -qi "FOUND" <<< "$r"\n', GrepQuery("FOUND", "qi", ())),
        ("grep -q -m 1 DONE plan.md\n", GrepQuery("DONE", "q", ("plan.md",))),
        ("grep -qm1 DONE plan.md\n", GrepQuery("DONE", "q", ("plan.md",))),
        ("grep -q -e DONE -- plan.md\n", GrepQuery("DONE", "q", ("plan.md",))),
        ("grep --quiet --ignore-case --regexp=done\n", GrepQuery("done", "qi", ())),
        ("grep --max-count 2 --color=never -w DONE\n", GrepQuery("DONE", "w", ())),
        ("fgrep -x 'a.b'\n", GrepQuery("a.b", "Fx", ())),
        ('grep -q DONE "$LOG"\n', GrepQuery("DONE", "q", (None,))),
        ("grep -q -e DONE -e FAIL log\n", None),  # several patterns
        ("grep -q -f patterns.txt log\n", None),  # patterns from a file
        ('grep -q "$MARK" log\n', None),  # a pattern not known
    ],
)
def test_grep_query(text: str, expected: GrepQuery | None) -> None:
    assert query(text) == expected
