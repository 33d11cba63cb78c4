"""Lost agent statuses in shell: schedule loops, and what RA203 says in a pipeline."""

from __future__ import annotations

import textwrap

import pytest

from auditor.engine import audit_text
from auditor.finding import Finding
from auditor.kinds import FileKind
from auditor.profiles import default_catalog
from auditor.shell.model import ShellScript
from auditor.shell.schedule import runs_on_schedule


def lost(script: str) -> list[Finding]:
    text = "#!/bin/bash\n" + textwrap.dedent(script)
    findings = audit_text(text, "run.sh", FileKind.SHELL).findings
    return [f for f in findings if f.code == "RA203"]


def on_schedule(script: str) -> bool:
    model = ShellScript.build("#!/bin/bash\n" + textwrap.dedent(script), default_catalog())
    command = next(c for c in model.commands if c.agent is not None)
    return runs_on_schedule(model, command)


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        # Endless, event-driven, paced, or bounded and stopping on the agent's output.
        ("while :; do claude -p x | tee -a log | bun viz; done\n", True),
        ("while inotifywait -e close_write p.md; do claude -p x; done\n", True),
        ("until [ -f STOP ]; do gptme -n x; done\n", True),
        ("for i in 1 2 3; do gptme -n x; sleep 60; done\n", True),
        ("while sleep 600; do gptme -n x; done\n", True),
        (
            "for i in {1..50}; do\n  out=$(opencode run x 2>&1 | tee /dev/tty)\n"
            '  grep -q DONE <<<"$out" && exit 0\ndone\n',
            True,
        ),
        # A success ends it: a retry, not a schedule (RA302's).
        ("while true; do gptme -n x && break; sleep 60; done\n", False),
        # Counted and tight, stopping on something else than the agent's output.
        ('n=0\nwhile [ "$n" -lt 5 ]; do gptme -n x; n=$((n+1)); make test && break; done\n', False),
        ("for i in 1 2 3; do gptme -n x; done\n", False),
        # Items, not turns: tasks in a list or read from input.
        ('for t in lint docs; do gptme -n "$t"; sleep 5; done\n', False),
        ('while read -r t; do gptme -n "$t"; done < tasks\n', False),
        ("gptme -n x\n", False),
        # In a function: the loops around its calls decide.
        (
            "review() { claude -p x | tee r.log; echo ok; }\nwhile :; do review; sleep 60; done\n",
            True,
        ),
        ("review() { claude -p x; echo ok; }\nreview\nwhile :; do review; sleep 60; done\n", False),
        ("review() { claude -p x; echo ok; }\n", False),
        ("a() { claude -p x; echo; b; }\nb() { a; }\na\n", False),
    ],
)
def test_runs_on_schedule(script: str, expected: bool) -> None:
    assert on_schedule(script) is expected


@pytest.mark.parametrize(
    "script",
    [
        "while :; do\n  cat P.md | claude -p | tee -a log | bun viz\n  sleep 10\ndone\n",
        "while inotifywait -e close_write P.md; do\n  claude -p x | tee -a log\n  echo ok\ndone\n",
        'while true; do\n  claude -p work | while read -r l; do echo "$l"; done\n  sleep 9\ndone\n',
    ],
)
def test_a_loop_run_whose_status_and_output_nothing_examines_is_lost(script: str) -> None:
    assert [f.code for f in lost(script)] == ["RA203"]


@pytest.mark.parametrize(
    "script",
    [
        "for i in {1..50}; do\n  out=$(opencode run x 2>&1 | tee /dev/tty)\n"
        '  grep -q DONE <<<"$out" && exit 0\ndone\n',
        "while :; do\n  claude -p x | tee -a log\n  grep -q DONE log && break\ndone\n",
        "while ! grep -q DONE log; do\n  claude -p x > log\ndone\n",
        'while :; do\n  out=$(claude -p x) || true\n  jq -e .ok <<<"$out" || sleep 60\ndone\n',
    ],
)
def test_a_loop_run_judged_by_its_output_is_not_lost(script: str) -> None:
    assert lost(script) == []


@pytest.mark.parametrize("discard", ["|| true", "|| :"])
def test_an_explicit_discard_in_a_schedule_is_still_lost(discard: str) -> None:
    (finding,) = lost(
        f"for i in $(seq 1 30); do\n  opencode run x {discard}\n"
        '  echo "{{\\"turn\\":$i,\\"status\\":\\"completed\\"}}" >> turns.jsonl\n'
        "  sleep 5\ndone\n"
    )
    assert finding.message == f"exit status of `opencode` is lost: `{discard}` discards it"
    assert finding.hint == f"write `|| rc=$?` instead of `{discard}` and check `rc`"


def test_a_masked_stage_nothing_reads_names_the_last_stage() -> None:
    (finding,) = lost("claude -p x | tee log\necho done\n")
    assert finding.message == (
        "exit status of `claude` is lost: the pipeline returns the status of `tee`, "
        "and nothing reads it"
    )
    hint = finding.hint or ""
    assert "`${PIPESTATUS[0]}`" in hint and "`set -o pipefail`" in hint
    assert "`… | tee … || rc=$?`" in hint  # the capture goes on the whole pipeline


def test_the_hint_reads_the_agent_s_own_stage() -> None:
    (finding,) = lost("cat P.md | claude -p | tee -a log | bun viz.ts\necho done\n")
    assert "the pipeline returns the status of `bun`" in finding.message
    assert "`${PIPESTATUS[1]}`" in (finding.hint or "")


def test_a_discarded_pipeline_names_the_discard() -> None:
    (finding,) = lost("claude -p x | tee log || true\n")
    assert finding.message == (
        "exit status of `claude` is lost: the pipeline returns the status of `tee`, "
        "and `|| true` discards it"
    )
    assert finding.hint == (
        "add `set -o pipefail` and write `|| rc=$?` instead of `|| true`, "
        "or read `${PIPESTATUS[0]}` right after the pipeline"
    )


def test_a_pipeline_in_a_substitution_names_the_assignment_and_the_discard() -> None:
    (finding,) = lost(
        'OUTPUT=$(claude --print < p.md 2>&1 | tee /dev/stderr) || true\necho "$OUTPUT"\n'
    )
    assert finding.message == (
        "exit status of `claude` is lost: the pipeline in `OUTPUT=$(…)` returns the status "
        "of `tee`, and `|| true` discards it"
    )
    # PIPESTATUS stays inside the substitution: only pipefail brings the status out.
    assert finding.hint == (
        "add `set -o pipefail` so `OUTPUT=$(…)` returns `claude`'s status, "
        "and write `|| rc=$?` instead of `|| true`"
    )


def test_a_substitution_nothing_reads_is_captured_with_its_assignment() -> None:
    (finding,) = lost("out=$(claude -p x | tee /dev/tty)\necho next\n")
    assert "the pipeline in `out=$(…)` returns the status of `tee`, and nothing reads it" in (
        finding.message
    )
    assert finding.hint == (
        "add `set -o pipefail` so `out=$(…)` returns `claude`'s status, "
        "and capture it with `out=$(…) || rc=$?`"
    )


def test_a_background_pipeline_is_waited_for() -> None:
    (finding,) = lost("gptme -n x | tee -a watch.log &\necho started\n")
    assert finding.message.endswith(
        "the pipeline returns the status of `tee`, runs in the background, and nothing waits for it"
    )
    assert finding.hint == (
        'add `set -o pipefail` and wait for it: `pid=$!` after it, then `wait "$pid" || rc=$?`'
    )


def test_under_pipefail_the_pipeline_s_status_is_the_agent_s() -> None:
    (finding,) = lost("set -o pipefail\nclaude -p x | tee log\necho done\n")
    assert finding.message == (
        "exit status of `claude` is lost: nothing reads it before the next command runs"
    )
    assert "PIPESTATUS" not in (finding.hint or "")


@pytest.mark.parametrize(
    "script",
    [
        "claude -p x | tee log\necho done\n",
        "claude -p x | tee log || true\n",
        "out=$(claude -p x | tee /dev/tty) || true\n",
        "gptme -n x | tee -a w.log &\necho started\n",
    ],
)
def test_a_masked_stage_is_never_told_to_capture_without_pipefail(script: str) -> None:
    (finding,) = lost(script)
    hint = finding.hint or ""
    assert "`set -o pipefail`" in hint
    assert "agent … || rc=$?" not in hint and "claude … || rc=$?" not in hint


@pytest.mark.parametrize(
    "script",
    [
        "claude -p x || rc=$?\ntrap 'exit $rc' EXIT\n",
        'claude -p x || rc=$?\nname=rc\necho "${!name}"\n',
        "claude -p x || rc=$?\neval 'exit $rc'\n",
        "claude -p x || rc=$?\ndeclare -p rc > state.sh\n",
        'source ./lib.sh\nclaude -p x || rc=$?\necho "done"\n',
    ],
)
def test_a_status_kept_where_it_may_be_read_out_of_sight_is_not_lost(script: str) -> None:
    assert lost(script) == []


@pytest.mark.parametrize(
    "script",
    [
        'claude -p x || rc=$?\necho "done"\n',
        'source ./lib.sh\nf() {\n  local rc=0\n  claude -p x || rc=$?\n  echo "done"\n}\nf\n',
    ],
)
def test_a_status_kept_where_nothing_reads_it_is_lost(script: str) -> None:
    (finding,) = lost(script)
    assert "which nothing reads" in finding.message
