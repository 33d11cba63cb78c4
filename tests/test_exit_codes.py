"""Exit-code semantics end to end: RA201-RA204 on the issue's own scenarios."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from invoke import invoke

from auditor.engine import audit_text
from auditor.exit_codes import intents_in, invocation_codes
from auditor.finding import Finding
from auditor.kinds import FileKind
from auditor.profiles import default_catalog
from auditor.shell.commands import WrapperUse


def shell(code: str) -> list[Finding]:
    return audit_text(textwrap.dedent(code), "run.sh", FileKind.SHELL).findings


def codes_and_lines(findings: list[Finding]) -> list[tuple[str, int]]:
    return [(f.code, f.span.start.line) for f in findings]


def test_resume_guard_on_1_with_429_is_ra201_at_the_guard() -> None:
    findings = shell(
        """\
        #!/bin/bash
        gptme --non-interactive "$TASK" 2>"$ERR" || EXIT_CODE=$?
        if [ "$EXIT_CODE" -eq 1 ] && grep -q 429 "$ERR"; then
          sleep 600
        fi
        """
    )
    (finding,) = findings
    assert finding.code == "RA201" and finding.severity.value == "error"
    assert (finding.span.start.line, finding.span.start.column) == (3, 4)
    assert "`gptme` exits 75 on rate limits" in finding.message
    assert "waits for 1" in finding.message


CASE = """\
    #!/bin/bash
    rc=0
    {wrapper}gptme --non-interactive "$TASK" || rc=$?
    case "$rc" in
      0) echo ok ;;
      75) echo "rate limited" ;;
      76) echo "auth failure" ;;
      77) echo "model unavailable" ;;
      130) echo "interrupted" ;;
      124) echo "timed out" ;;
    esac
    """


def test_an_if_elif_chain_reads_each_branch_for_its_own_code() -> None:
    script = """\
        #!/bin/bash
        timeout 3600 gptme --non-interactive "$TASK" || rc=$?
        if [ "${rc:-0}" -eq 0 ]; then
          echo "completed successfully"
        elif [ "$rc" -eq 124 ]; then
          echo "timed out"
        elif [ "$rc" -eq 1 ]; then
          echo "rate limited, sleeping"
        fi
        """
    assert codes_and_lines(shell(script)) == [("RA201", 7)]  # only the 429 branch is wrong


def test_a_correct_case_is_clean_and_124_needs_the_wrapper() -> None:
    assert shell(CASE.format(wrapper="timeout 1800 ")) == []
    findings = shell(CASE.format(wrapper=""))
    assert codes_and_lines(findings) == [("RA202", 10)]
    assert "`timeout` wrapper" in findings[0].message


def test_plain_agent_under_errexit_makes_the_read_unreachable() -> None:
    script = """\
        #!/bin/bash
        set -euo pipefail
        timeout 1800 gptme --non-interactive "$TASK"{capture}
        if [ "$EXIT_CODE" -eq 124 ]; then echo "timed out"; fi
        """
    findings = shell(script.format(capture="\nEXIT_CODE=$?"))
    assert codes_and_lines(findings) == [("RA204", 4)]
    assert findings[0].span.start.column == len("EXIT_CODE=") + 1
    assert findings[0].message.endswith("fails, so the guard on it never sees a failure")
    assert (
        shell(
            "#!/bin/bash\nset -euo pipefail\nEXIT_CODE=0\n"
            + textwrap.dedent(script.format(capture=" || EXIT_CODE=$?")).split("\n", 2)[2]
        )
        == []
    )


def test_a_profile_from_config_drives_ra201_and_ra202(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "runaudit.toml").write_text(
        textwrap.dedent(
            """\
            [agents.orbit]
            commands = ["orbit-agent"]
            exit-codes = { 0 = "success", 1 = "failure", 42 = "rate limited by the provider" }
            """
        )
    )
    (tmp_path / "loop.sh").write_text(
        textwrap.dedent(
            """\
            #!/bin/bash
            orbit-agent run || rc=$?
            if [ "$rc" -eq 1 ] && grep -q "429" err.log; then sleep 60; fi
            if [ "$rc" -eq 75 ]; then sleep 60; fi
            if [ "$rc" -eq 42 ]; then echo "quota"; fi
            """
        )
    )
    monkeypatch.chdir(tmp_path)
    result = invoke(["check", "loop.sh", "-f", "concise"])
    assert result.exit_code == 1
    assert "loop.sh:3:4: RA201 [error] `orbit-agent` exits 42 on rate limits" in result.output
    assert "loop.sh:4:4: RA202 [warning] `orbit-agent` never exits 75" in result.output
    assert ":5:" not in result.output


def test_intents_come_from_markers() -> None:
    catalog = default_catalog()
    names = [intent.name for intent in intents_in("HTTP 429 Too Many Requests", catalog)]
    assert names == ["rate-limit"]
    assert [i.name for i in intents_in("Authentication failed", catalog)] == ["auth"]
    assert intents_in("author: bob", catalog) == ()
    assert [i.name for i in intents_in("we got rate-limited", catalog)] == ["rate-limit"]
    assert intents_in("error 4290 in batch", catalog) == ()


def test_timeout_kill_adds_137() -> None:
    catalog = default_catalog()
    gptme = catalog.agent_for("gptme")
    assert gptme is not None
    plain = invocation_codes(gptme, [WrapperUse("timeout", ("60",))], catalog, shell=True)
    killing = invocation_codes(
        gptme, [WrapperUse("timeout", ("-k", "5", "60"))], catalog, shell=True
    )
    assert plain.emits(124) and not plain.codes.get(137)
    assert killing.codes.get(137)
    assert plain.emits(143)  # SIGTERM through the shell


@pytest.mark.parametrize(
    ("script", "lost"),
    [
        # Nothing reads the status, with or without a `| tee`: RA203 either way.
        ("claude -p x\necho done\n", [("RA203", 2)]),
        ("claude -p x | tee log\necho done\n", [("RA203", 2)]),
        ("claude -p x | tee log || true\n", [("RA203", 2)]),
        # The pipeline's status is used but masked: RA101 alone, not reported twice.
        ("claude -p x | tee log || exit 1\n", [("RA101", 2)]),
        # Read through PIPESTATUS: neither.
        ('claude -p x | tee log\nrc=${PIPESTATUS[0]}\n[ "$rc" -eq 0 ] || exit 1\n', []),
    ],
)
def test_an_agent_status_read_by_nothing_is_lost_in_a_pipeline_too(
    script: str, lost: list[tuple[str, int]]
) -> None:
    found = codes_and_lines(shell("#!/bin/bash\n" + script))
    assert [item for item in found if item[0] in ("RA101", "RA203")] == lost


@pytest.mark.parametrize(
    ("after", "reported"),
    [
        ("exit $?", False),
        ('exit "${PIPESTATUS[0]}"', False),
        ('rc=$?\nexit "$rc"', False),
        ("rc=$?", False),  # read, then never used
        ('rc=$?\necho "agent exited $rc"', True),
        ('rc=$?\nif (( rc == 75 )); then sleep 60; fi\nexit "$rc"', True),
        ('[ $? -eq 0 ] || echo "agent failed"', True),
        ('rc=$?\ncopy=$rc\nexit "$copy"', True),
    ],
)
def test_a_read_that_only_passes_the_status_on_is_not_a_dead_guard(
    after: str, reported: bool
) -> None:
    findings = shell(f"#!/bin/bash\nset -e\ngptme --non-interactive x\n{after}\n")
    assert [f.code for f in findings] == (["RA204"] if reported else [])


def test_errexit_is_decided_where_the_wrapper_is_called() -> None:
    script = """\
        #!/bin/bash
        run_agent() {
          gptme --non-interactive "$1"
          rc=$?
          echo "agent exited $rc"
        }
        set -e
        CALL
        """
    assert codes_and_lines(shell(script.replace("CALL", "run_agent x"))) == [("RA204", 4)]
    assert shell(script.replace("CALL", "run_agent x || exit 1")) == []
    assert shell(script.replace("CALL", "if run_agent x; then echo ok; fi")) == []


def test_a_guard_in_a_function_body_is_one_guard() -> None:
    # A `{ … }` body is not a `(( ))` test: its comparisons are found once, where they are.
    script = "#!/bin/bash\nf() {\n  gptme x\n  rc=$?\n  if GUARD; then echo two; fi\n}\nf\n"
    for guard in ('[ "$rc" -eq 2 ]', "(( rc == 2 ))"):
        assert codes_and_lines(shell(script.replace("GUARD", guard))) == [("RA202", 5)]
