"""Background agents: which `wait` waits for them, and where their status goes."""

from __future__ import annotations

import pytest

from auditor.engine import audit_text
from auditor.kinds import FileKind
from auditor.profiles import default_catalog
from auditor.shell.jobs import waits_for
from auditor.shell.model import ShellScript
from auditor.shell.status import backgrounded


def codes(text: str) -> list[tuple[str, int]]:
    """The findings of RA201-RA204 on `text`: code and 1-based line."""
    result = audit_text("#!/bin/bash\n" + text, "run.sh", FileKind.SHELL)
    found = [(f.code, f.span.start.line) for f in result.findings if f.code.startswith("RA20")]
    return found


def first_job_waits(text: str) -> list[tuple[str, bool]]:
    """The waits of the first background statement: their text and whether they carry."""
    script = ShellScript.build(text, default_catalog())
    job = next(c.node for c in script.commands if backgrounded(c.node))
    return [
        (script.parsed.node_text(w.command.node), w.carries)
        for w in waits_for(job, script.commands, script.parsed)
    ]


@pytest.mark.parametrize(
    ("text", "waits"),
    [
        ('claude &\npid=$!\nwait "$pid"\n', [('wait "$pid"', True)]),
        ("claude &\nwait $!\n", [("wait $!", True)]),
        ("claude &\nwait\n", [("wait", False)]),
        ("claude &\nwait -n\n", [("wait -n", False)]),
        ("claude &\nmake &\nwait $!\n", []),
        ("claude &\nmake & other=$!\nwait $other\n", []),
        ('claude &\npids+=($!)\nwait "${pids[@]}"\n', [('wait "${pids[@]}"', False)]),
        ('claude & a=$!\nmake & b=$!\nwait "$b" "$a"\n', [('wait "$b" "$a"', True)]),
        ('claude & a=$!\nmake & b=$!\nwait "$a" "$b"\n', [('wait "$a" "$b"', False)]),
        ('claude &\nwait "$1"\n', [('wait "$1"', False)]),
        ("wait\nclaude &\n", []),
    ],
)
def test_which_waits_wait_for_a_job(text: str, waits: list[tuple[str, bool]]) -> None:
    assert first_job_waits(text) == waits


def test_wait_of_a_failing_agent_under_errexit_makes_the_read_unreachable() -> None:
    text = 'set -e\nclaude -p x &\npid=$!\nwait "$pid"\nrc=$?\n[ "$rc" -ne 0 ] && echo no\n'
    assert codes(text) == [("RA204", 6)]


@pytest.mark.parametrize(
    "text",
    [
        'set -e\nclaude -p x &\npid=$!\nrc=0\nwait "$pid" || rc=$?\n[ "$rc" -ne 0 ] && echo no\n',
        'set -e\nclaude -p x &\npid=$!\nset +e\nwait "$pid"\nrc=$?\nset -e\n'
        '[ "$rc" -ne 0 ] && echo no\n',
        'claude -p x &\npid=$!\nwait "$pid"\nrc=$?\n[ "$rc" -ne 0 ] && echo no\n',
    ],
)
def test_a_wait_whose_status_reaches_the_script_is_clean(text: str) -> None:
    assert codes(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "claude -p x &\necho started\n",
        "claude -p x &\nmake &\nbuild=$!\nwait $build\necho built\n",
        "claude -p x &\nwait\necho done\n",  # a bare `wait` returns 0
    ],
)
def test_an_agent_whose_status_no_wait_returns_is_lost(text: str) -> None:
    assert codes(text) == [("RA203", 2)]


def test_the_status_through_wait_reaches_the_guards() -> None:
    text = (
        'gptme x &\npid=$!\nrc=0\nwait "$pid" || rc=$?\n'
        'if [ "$rc" -eq 1 ] && grep -q 429 log; then sleep 60; fi\n'
    )
    assert [code for code, _ in codes(text)] == ["RA201"]


@pytest.mark.parametrize(
    ("script", "always"),
    [
        ("a &\nb &\n", True),
        ("a &\nif t; then b & fi\n", False),
        ("a &\nif b & then :; fi\n", True),  # an `if`'s condition always runs
        ("a &\nwhile t; do b & done\n", False),
        ("a &\nt && b &\n", False),
        ("if t; then a & b & fi\n", True),
        ("if t; then a & else b & fi\n", False),
    ],
)
def test_a_later_job_always_follows_only_where_nothing_may_skip_it(
    script: str, always: bool
) -> None:
    from auditor.shell.parse import ShellText, always_after

    parsed = ShellText("#!/bin/bash\n" + script)
    first, later = [
        node
        for node in parsed.nodes()
        if node.type == "command" and parsed.node_text(node).split()[0] in ("a", "b")
    ][:2]
    assert always_after(first, later) is always


@pytest.mark.parametrize(
    ("body", "argument"),
    [
        ('wait "$1"', 1),
        ('local pid="$2"\nwait "$pid"', 2),
        ('pid=$1\nif [ -n "$pid" ]; then\n  wait "$pid"\n  return $?\nfi\nreturn 1', 1),
        ('local pid="$1"\nwait "$pid" || true', None),  # swallows the status
        ('local pid="$1"\nwait "$pid"\necho done', None),  # returns echo's
        ('local pid="$1"\npid="$OTHER"\nwait "$pid"', None),  # not only the argument
    ],
)
def test_a_function_waits_for_its_argument_when_it_returns_the_wait(
    body: str, argument: int | None
) -> None:
    from auditor.shell.waiting_functions import waiting_functions

    model = ShellScript.build(f"#!/bin/bash\nwait_for() {{\n{body}\n}}\n", default_catalog())
    assert waiting_functions(model.parsed, model.commands).get("wait_for") == argument
