"""Retries around steps, tools and agent processes: RA301 and RA302 on issue 5's scenarios."""

from __future__ import annotations

import ast
import json
import textwrap
from pathlib import Path

import pytest

from auditor.config import Settings
from auditor.engine import audit_text
from auditor.finding import Finding
from auditor.kinds import FileKind
from auditor.python.runner.retry_decorators import RetryDecorator, retry_decorator_details
from auditor.python.runner.steps import load_steps
from auditor.python.runner.summary import summarize_python


def python(code: str, rule: str = "RA301") -> list[Finding]:
    result = audit_text(textwrap.dedent(code), "runner.py", FileKind.PYTHON)
    assert not [d for d in result.diagnostics if d.is_error]
    return [f for f in result.findings if f.code == rule]


def shell(code: str, rule: str = "RA302") -> list[Finding]:
    result = audit_text(textwrap.dedent(code), "run.sh", FileKind.SHELL)
    return [f for f in result.findings if f.code == rule]


def unit(code: str, name: str = "agent.service") -> list[Finding]:
    result = audit_text(textwrap.dedent(code), name, FileKind.SYSTEMD)
    return [f for f in result.findings if f.code == "RA302"]


def where(finding: Finding) -> tuple[int, int]:
    return finding.span.start.line, finding.span.start.column


# 1. Blanket retries around a step, a tool and an agent process are errors.


def decorators(code: str) -> dict[str, RetryDecorator]:
    """The retry decorators and helpers the project index finds in a module."""
    return retry_decorator_details(ast.parse(textwrap.dedent(code)), {})


def test_tenacity_retry_around_chat_step_is_an_error_at_the_decorator() -> None:
    (finding,) = python(
        """\
        from gptme.chat import step
        from tenacity import retry, stop_after_attempt

        @retry(stop=stop_after_attempt(5))
        def run_turn(log, workspace):
            for msg in step(log, stream=False, workspace=workspace):
                log.append(msg)
        """
    )
    assert finding.severity.value == "error"
    assert where(finding) == (4, 1)
    assert finding.message.startswith("`@retry` (5 attempts) re-runs `step()`")
    assert "no `retry=`" in finding.message
    (call,) = [r for r in finding.related if r.message.startswith("`step()`")]
    assert (call.path, call.span.start.line, call.span.start.column) == ("runner.py", 6, 16)


def test_range_loop_with_except_exception_around_execute_msg_is_an_error() -> None:
    (finding,) = python(
        """\
        import time
        from gptme.tools import execute_msg

        def run_tools(msg, confirm):
            for attempt in range(3):
                try:
                    return list(execute_msg(msg, confirm))
                except Exception:
                    time.sleep(2)
        """
    )
    assert finding.severity.value == "error"
    assert where(finding) == (5, 5)
    assert finding.message.startswith(
        "`for attempt in range(3)` loop (3 attempts) re-runs `execute_msg()` "
        "after `except Exception`"
    )


def test_while_true_until_returncode_zero_is_an_error() -> None:
    (finding,) = python(
        """\
        import subprocess, time

        def run(prompt):
            while True:
                result = subprocess.run(["gptme", "--non-interactive", prompt])
                if result.returncode == 0:
                    break
                time.sleep(60)
        """
    )
    assert finding.severity.value == "error"
    assert where(finding) == (4, 5)
    assert "re-runs `gptme` on any non-zero exit" in finding.message
    assert finding.related[0].span.start.line == 5


def test_a_retry_narrowed_to_a_transient_class_around_a_step_is_a_warning() -> None:
    (finding,) = python(
        """\
        from gptme.chat import step
        from tenacity import retry, retry_if_exception_type, stop_after_attempt

        @retry(retry=retry_if_exception_type(TimeoutError), stop=stop_after_attempt(3))
        def run_turn(log):
            return list(step(log, stream=False))
        """
    )
    assert finding.severity.value == "warning"
    assert "after `TimeoutError`" in finding.message


def test_a_retry_decorator_written_in_the_module_counts_with_its_attempts() -> None:
    (finding,) = python(
        """\
        import functools
        from gptme.chat import step

        def retry_on_overloaded(max_retries: int = 5):
            def decorator(func):
                @functools.wraps(func)
                def wrapper(*args, **kwargs):
                    for attempt in range(max_retries):
                        try:
                            return func(*args, **kwargs)
                        except Exception:
                            if attempt == max_retries - 1:
                                raise
                return wrapper
            return decorator

        @retry_on_overloaded(max_retries=3)
        def run_turn(log):
            return list(step(log, stream=False))
        """
    )
    assert where(finding) == (17, 1)
    assert finding.severity.value == "error"
    assert finding.message.startswith(
        "retry decorator `retry_on_overloaded` (3 attempts) re-runs `step()`"
    )


@pytest.mark.parametrize(
    "wrapper",
    [
        "llm_retry = tenacity.retry(stop=tenacity.stop_after_attempt(4))",
        'def llm_retry(func):\n    """Ours."""\n'
        "    return tenacity.retry(stop=tenacity.stop_after_attempt(4))(func)",
    ],
)
def test_the_projects_own_tenacity_wrapper_is_a_retry_decorator(wrapper: str) -> None:
    code = f"""\
import tenacity
from gptme.chat import step

{wrapper}

@llm_retry
def run_turn(log):
    return list(step(log, stream=False))
"""
    (finding,) = python(code)
    assert finding.message.startswith("`@llm_retry` (4 attempts) re-runs `step()`")
    assert where(finding) == (code.split("\n").index("@llm_retry") + 1, 1)


def test_a_wrapper_factory_is_called_where_it_decorates() -> None:
    (finding,) = python(
        """\
        import tenacity
        from gptme.chat import step

        def llm_retry():
            return tenacity.retry(stop=tenacity.stop_after_attempt(4))

        @llm_retry()
        def run_turn(log):
            return list(step(log, stream=False))
        """
    )
    assert finding.message.startswith("`@llm_retry` (4 attempts) re-runs `step()`")


def test_a_decorator_bound_to_something_else_is_not_a_retry() -> None:
    assert not python(
        """\
        import functools
        from gptme.chat import step

        cached = functools.lru_cache(maxsize=4)

        def traced(func):
            return log_calls(func)

        @cached
        @traced
        def run_turn(log):
            return list(step(log, stream=False))
        """
    )


def test_tool_use_execute_is_a_step_through_its_class() -> None:
    (finding,) = python(
        """\
        from gptme.tools import ToolUse

        def run(content, confirm):
            for tooluse in ToolUse.iter_from_content(content):
                for attempt in range(2):
                    try:
                        list(tooluse.execute(confirm))
                        break
                    except BaseException:
                        pass
        """
    )
    assert "re-runs `tooluse.execute()`" in finding.message


def test_step_callables_from_config_are_steps() -> None:
    steps = load_steps({"calls": ["myproj.loop.run_step", "myproj.Runner.turn"]})
    assert "myproj.loop.run_step" in steps.functions
    assert ("Runner", "turn") in steps.methods
    assert "gptme.chat.step" in steps.functions


STEP_FROM_CONFIG = """\
from myproj.loop import run_step
from tenacity import retry, stop_after_attempt

@retry(stop=stop_after_attempt(3))
def go(task):
    run_step(task)
"""


def test_a_retry_around_a_step_callable_from_config_is_found() -> None:
    """The prefilter takes its needles from the configured steps, not a fixed list."""
    settings = Settings(steps={"calls": ["myproj.loop.run_step"]})
    result = audit_text(STEP_FROM_CONFIG, "go.py", FileKind.PYTHON, settings)
    assert [(f.code, where(f)) for f in result.findings] == [("RA301", (4, 1))]
    assert not audit_text(STEP_FROM_CONFIG, "go.py", FileKind.PYTHON).findings


def test_step_needles_pair_a_callable_with_its_module() -> None:
    from auditor.project import ProjectIndex, PythonSummary
    from auditor.python.runner.step_needles import StepNeedles

    project = ProjectIndex({"runner.launch": PythonSummary("runner/launch.py", {"go": (3, 5)})})
    needles = StepNeedles.build(load_steps(), project)
    assert needles.found("from gptme.chat import step", "a.py")
    assert needles.found("for t in ToolUse.iter(x):\n    t.execute()", "a.py")
    assert needles.found("step = 1  # a chat", "a.py")  # words, not syntax: a superset
    assert not needles.found("def step(): pass", "a.py")
    assert needles.found("from runner.launch import go\ngo()", "b.py")
    assert not needles.found("go()", "b.py")
    assert needles.found("go()", "runner/launch.py")  # its own module needs no import


# 2. Near misses: transport retries, a bounded named resume, a schedule.


def test_a_rate_limit_retry_around_one_completion_request_is_clean() -> None:
    assert not python(
        """\
        import openai
        from tenacity import retry, retry_if_exception_type, stop_after_attempt

        client = openai.OpenAI(max_retries=0)

        @retry(retry=retry_if_exception_type(openai.RateLimitError), stop=stop_after_attempt(4))
        def complete(messages):
            return client.chat.completions.create(model="gpt-4o", messages=messages)
        """
    )


def test_a_bounded_resume_of_a_named_session_on_exit_75_is_clean() -> None:
    assert not python(
        """\
        import subprocess, time

        def resume(session, prompt):
            for attempt in range(5):
                result = subprocess.run(["gptme", "--name", session, prompt])
                if result.returncode == 75:
                    time.sleep(60 * 2**attempt)
                    continue
                return result.returncode
            return 75
        """
    )


def test_the_same_resume_without_a_named_session_is_a_warning() -> None:
    (finding,) = python(
        """\
        import subprocess, time

        def resume(prompt):
            for attempt in range(5):
                result = subprocess.run(["gptme", "--non-interactive", prompt])
                if result.returncode != 75:
                    return result.returncode
                time.sleep(600)
        """
    )
    assert finding.severity.value == "warning"
    assert "on exit 75" in finding.message


def test_a_shell_schedule_that_runs_whatever_the_status_is_clean() -> None:
    assert not shell(
        """\
        #!/bin/bash
        while true; do gptme --non-interactive "next task"; sleep 1800; done
        """
    )


def test_a_python_schedule_that_runs_whatever_the_status_is_clean() -> None:
    assert not python(
        """\
        import subprocess, time

        while True:
            try:
                subprocess.run(["gptme", "--non-interactive", "next"], check=True)
            except subprocess.CalledProcessError:
                pass
            time.sleep(1800)
        """
    )


def test_a_shell_resume_with_a_wrong_guard_is_still_exempt_and_left_to_ra201() -> None:
    code = """\
        #!/bin/bash
        for attempt in 1 2 3; do
          rc=0
          gptme --name "$S" "$T" 2>err.log || rc=$?
          if [ "$rc" -eq 1 ] && grep -q 429 err.log; then sleep 600; continue; fi
          break
        done
        """
    assert not shell(code)
    assert [where(f) for f in shell(code, "RA201")] == [(5, 6)]


# 3. RA302 in shell and in units.


def test_until_agent_is_ra302_at_the_loop_header() -> None:
    (finding,) = shell(
        """\
        #!/bin/bash
        until gptme --non-interactive "$TASK"; do sleep 60; done
        """
    )
    assert finding.severity.value == "warning"
    assert where(finding) == (2, 1)
    assert finding.span.end.column == len('until gptme --non-interactive "$TASK"; do') + 1
    assert "re-runs `gptme` whenever it fails" in finding.message


UNIT = """\
    [Unit]
    Description=gptme agent

    [Service]
    {type}ExecStart=/usr/bin/gptme --non-interactive "Work through TASKS.md"
    {restart}
    """


def test_a_unit_restarting_the_agent_on_failure_is_ra302_at_restart() -> None:
    (finding,) = unit(UNIT.format(type="", restart="Restart=on-failure"))
    assert where(finding) == (6, 1)
    assert finding.message.startswith(
        "`Restart=on-failure` respawns `gptme` (`ExecStart`) whenever it fails"
    )
    assert finding.related[0].span.start.line == 5


def test_a_oneshot_unit_run_by_a_timer_is_clean() -> None:
    assert not unit(UNIT.format(type="Type=oneshot\n", restart=""))


def test_restart_prevent_exit_status_is_taken_into_account() -> None:
    only_75 = UNIT.format(type="", restart="Restart=on-failure\nRestartPreventExitStatus=1 76 77")
    (finding,) = unit(only_75)  # a fresh (unnamed) run on each rate limit
    assert "on exit 75" in finding.message
    assert not unit(only_75.replace("--non-interactive", "--name nightly"))


def test_unit_templates_and_units_in_python_strings_count() -> None:
    template = UNIT.format(type="", restart="Restart=always").replace("/usr/bin", "@bindir@")
    assert len(unit(template, "agent.service.in")) == 1
    held = 'UNIT = """' + textwrap.dedent(UNIT.format(type="", restart="Restart=always")) + '"""\n'
    (finding,) = python(held, "RA302")
    assert where(finding) == (6, 1)


# 4. The launcher in one module, the retry loop in another.


def test_a_retry_loop_around_a_launcher_of_another_module(tmp_path: Path) -> None:
    from auditor.output.sarif import document
    from auditor.registry import all_rules
    from auditor.run import audit

    package = tmp_path / "runner"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "launch.py").write_text(
        textwrap.dedent(
            """\
            import subprocess

            def execute_gptme(prompt):
                return subprocess.run(["gptme", "--non-interactive", prompt]).returncode
            """
        )
    )
    (package / "loop.py").write_text(
        textwrap.dedent(
            """\
            import time
            from runner.launch import execute_gptme

            def run(prompt):
                for attempt in range(3):
                    if execute_gptme(prompt) == 0:
                        return
                    time.sleep(30)
            """
        )
    )
    report = audit([package], Settings(), cwd=tmp_path, jobs=1)
    (finding,) = [f for f in report.findings if f.code == "RA301"]
    assert finding.path == "runner/loop.py" and where(finding) == (5, 5)
    assert finding.severity.value == "error"
    assert "re-runs `execute_gptme()` on any non-zero exit" in finding.message
    launcher = finding.related[-1]
    assert launcher.path == "runner/launch.py"
    assert (launcher.span.start.line, launcher.span.start.column) == (3, 5)
    sarif = document(report, all_rules())
    (result,) = [r for r in sarif["runs"][0]["results"] if r["ruleId"] == "RA301"]
    paths = [r["physicalLocation"]["artifactLocation"]["uri"] for r in result["relatedLocations"]]
    assert "runner/launch.py" in json.dumps(paths)


def test_a_retry_helper_of_another_module_is_named_a_helper(tmp_path: Path) -> None:
    from auditor.run import audit

    package = tmp_path / "runner"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "util.py").write_text(
        textwrap.dedent(
            """\
            import time

            def retrying(fn, tries=4):
                for attempt in range(tries):
                    try:
                        return fn()
                    except Exception:
                        time.sleep(attempt)
            """
        )
    )
    (package / "review.py").write_text(
        textwrap.dedent(
            """\
            import subprocess
            from runner.util import retrying

            def review(prompt):
                def call():
                    subprocess.run(["claude", "-p", prompt], check=True)

                return retrying(call)
            """
        )
    )
    report = audit([package], Settings(), cwd=tmp_path, jobs=1)
    (finding,) = [f for f in report.findings if f.code == "RA301"]
    assert finding.path == "runner/review.py" and where(finding) == (8, 12)
    assert finding.message.startswith("retry helper `retrying` (4 attempts) re-runs `call()`")


def test_the_summary_finds_launchers_and_retry_decorators() -> None:
    summary = summarize_python(
        textwrap.dedent(
            """\
            import shutil, subprocess
            from gptme.chat import step

            GPTME = shutil.which("gptme") or "gptme"

            def execute_gptme(prompt):
                return subprocess.run([GPTME, "--non-interactive", prompt]).returncode

            class Runner:
                def run(self):
                    return self.once()

                def once(self):
                    return execute_gptme("next")

            def turn(log):
                return list(step(log))

            def unrelated():
                subprocess.run(["git", "push"], check=True)

            def with_retries(func, tries=4):
                def wrapper(*args):
                    for _ in range(tries):
                        try:
                            return func(*args)
                        except Exception:
                            pass
                return wrapper
            """
        ),
        "runner.py",
    )
    assert set(summary.launchers) == {"execute_gptme", "Runner.run", "Runner.once", "turn"}
    assert summary.launchers["execute_gptme"] == (6, 5)
    assert summary.retry_decorators == {"with_retries": 4}


def test_a_version_probe_is_not_an_agent_run() -> None:
    code = """\
        import shutil, subprocess

        def installed():
            exe = shutil.which("gptme")
            for _ in range(3):
                if subprocess.run([exe, "--version"], capture_output=True).returncode == 0:
                    return True
            return False

        def checked():
            subprocess.run(["codex", "--help"], check=False)
        """
    assert not python(code) and not python(code, "RA203")
    summary = summarize_python(textwrap.dedent(code), "probe.py")
    assert not summary.launchers


def test_probe_flags_stop_at_a_double_dash() -> None:
    from auditor.profiles import is_probe

    assert is_probe(["--version"]) and is_probe([None, "-h"])
    assert not is_probe(["--", "--help"]) and not is_probe(["-n", "explain --help"])


# 5. Recognition-only agents count.


def test_a_for_loop_rerunning_claude_on_any_failure_is_an_error() -> None:
    (finding,) = python(
        """\
        import subprocess

        def run(prompt):
            for attempt in range(3):
                proc = subprocess.run(["claude", "-p", prompt])
                if proc.returncode != 0:
                    continue
                return
        """
    )
    assert finding.severity.value == "error"
    assert "re-runs `claude` on any non-zero exit" in finding.message


def test_a_shell_loop_breaking_when_claude_succeeds_is_ra302() -> None:
    (finding,) = shell(
        """\
        #!/bin/bash
        while true; do
          cat PROMPT.md | claude -p --dangerously-skip-permissions && break
          sleep 60
        done
        """
    )
    assert where(finding) == (2, 1)
    assert "`claude`" in finding.message


@pytest.mark.parametrize(
    "loop",
    [
        'for task in a b c; do gptme "$task" || continue; git commit -qam x; done',
        'for i in 1 2 3; do gptme "$T" || exit 1; done',
        'until gptme "$T" | tee log; do sleep 1; done',
        # errexit ends the script at the failure: the loop never runs the agent again
        'set -e\nfor i in 1 2 3; do gptme "$T"; [ $? -eq 0 ] && break; done',
        'run() { gptme "$T"; }\nset -e\nwhile true; do run; rc=$?; ((rc == 0)) && break; done',
        # bounded, runs again after a success too, stops on a marker in the agent's output
        'for i in $(seq 9); do gptme "$T" > log && grep -q DONE log && break; done',
        'i=0\nwhile [ $i -lt 9 ]; do i=$((i+1)); out=$(gptme "$T") || continue\n'
        "[[ $out == *DONE* ]] && break; done",
        'for i in {1..9}; do gptme "$T" | tee log || continue\n'
        "case $(tail -1 log) in DONE) break;; esac; done",
    ],
)
def test_shell_loops_that_are_not_respawns(loop: str) -> None:
    assert not shell(f"#!/bin/bash\n{loop}\n")


@pytest.mark.parametrize(
    "loop",
    [
        'set -e\nfor i in 1 2 3; do gptme "$T" && break; done',
        'run() { gptme "$T"; }\nset -e\nwhile true; do run && break; sleep 1; done',
        'for i in $(seq 9); do gptme "$T" > log && git push && break; done',
        'while true; do gptme "$T" > log && grep -q DONE log && break; done',
        'for i in 1 2 3; do gptme "$T" > log && break; cat log; done',
    ],
)
def test_shell_loops_that_still_respawn(loop: str) -> None:
    assert [f.code for f in shell(f"#!/bin/bash\n{loop}\n")] == ["RA302"]


def test_retry_helpers_are_told_from_loops_over_items() -> None:
    found = decorators(
        """\
        def retrying(fn, tries=3):
            for attempt in range(tries):
                try:
                    return fn()
                except Exception:
                    time.sleep(attempt)

        def until_done(fn):
            while True:
                try:
                    return fn()
                except TimeoutError:
                    pass

        def each(items, handler):
            for item in items:
                try:
                    handler(item)
                except Exception:
                    pass

        def per_attempt(fn, tries=3):
            for attempt in range(tries):
                try:
                    fn(attempt)
                except Exception:
                    pass
        """
    )
    assert sorted(found) == ["retrying", "until_done"]
    assert found["retrying"].helper and found["retrying"].attempts == 3
    assert found["retrying"].blanket and not found["until_done"].blanket


def test_a_nested_function_that_launches_the_agent_is_a_step() -> None:
    (finding,) = python(
        """\
        import subprocess
        from tenacity import retry, stop_after_attempt

        def outer(prompt):
            def launch():
                return subprocess.run(["gptme", "-n", prompt], check=True)

            @retry(stop=stop_after_attempt(3))
            def attempt():
                return launch()

            return attempt()
        """
    )
    assert finding.code == "RA301" and where(finding) == (8, 5)
    assert finding.related[-1].message == "`launch` launches the agent"


def test_a_tuple_of_exceptions_is_narrowed_unless_it_holds_a_blanket_class() -> None:
    found = decorators(
        """\
        def narrow(fn, tries=3):
            for attempt in range(tries):
                try:
                    return fn()
                except (TimeoutError, ConnectionError):
                    pass

        def wide(fn, tries=3):
            for attempt in range(tries):
                try:
                    return fn()
                except (ValueError, builtins.Exception):
                    pass
        """
    )
    assert not found["narrow"].blanket
    assert found["narrow"].catches == "`except (TimeoutError, ConnectionError)`"
    assert found["wide"].blanket
    assert found["wide"].catches == "`except (ValueError, builtins.Exception)`"


def test_a_loop_handler_tuple_is_shown_with_its_parentheses() -> None:
    (finding,) = python(
        """\
        import subprocess, time

        def run(prompt):
            for attempt in range(3):
                try:
                    return subprocess.run(["claude", "-p", prompt], check=True).stdout
                except (subprocess.CalledProcessError, Exception):
                    time.sleep(2)
        """
    )
    assert "after `except (subprocess.CalledProcessError, Exception)`" in finding.message


@pytest.mark.parametrize(
    ("agent", "advice"),
    [
        ("gptme -n", "resume a named session only on the transient exit (75)"),
        ("claude -p", "resume the session only on a rate-limit marker in its output"),
    ],
)
def test_resume_advice_fits_the_agent(agent: str, advice: str) -> None:
    from auditor.config import Settings
    from auditor.engine import audit_text
    from auditor.kinds import FileKind

    text = f'#!/bin/bash\nuntil {agent} "$T"; do sleep 5; done\n'
    (found,) = audit_text(text, "loop.sh", FileKind.SHELL, Settings()).findings
    assert found.code == "RA302" and found.hint is not None and advice in found.hint
