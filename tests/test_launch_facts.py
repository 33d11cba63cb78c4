"""Function summaries (python/launch_facts.py): parameters that reach a launch, what
functions return about a process, class bases; and how calls use them
(python/project_calls.py, python/callees.py)."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest
from packages import write_package

from auditor.config import Settings
from auditor.engine import audit_text
from auditor.finding import Finding
from auditor.kinds import FileKind
from auditor.project import LaunchParameter, ProjectIndex, PythonSummary
from auditor.python.model.callees import called_function
from auditor.python.runner.project_calls import success_flag
from auditor.python.runner.summary import summarize_python
from auditor.python.unit import parse_python
from auditor.source import SourceFile


def summary(code: str, module: str | None = None) -> PythonSummary:
    return summarize_python(textwrap.dedent(code), "m.py", module=module)


def python(code: str, rule: str) -> list[Finding]:
    result = audit_text(textwrap.dedent(code), "runner.py", FileKind.PYTHON)
    assert not [d for d in result.diagnostics if d.is_error]
    return [f for f in result.findings if f.code == rule]


# Launch parameters.


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (
            "def run_command(cmd, cwd=None):\n    return subprocess.run(cmd, cwd=cwd)\n",
            ("run_command", "cmd", 0, "argv", "subprocess.run", "returned", (3,)),
        ),
        (
            "def quiet(argv):\n    subprocess.run(list(argv))\n",
            ("quiet", "argv", 0, "argv", "subprocess.run", "dropped", (3,)),
        ),
        (
            "async def spawn(*, cmd):\n"
            "    p = await asyncio.create_subprocess_exec(*cmd)\n"
            "    return await p.wait()\n",
            ("spawn", "cmd", -1, "argv", "asyncio.create_subprocess_exec", "returned", (3,)),
        ),
        (
            "def sh(command):\n    return subprocess.call(command, shell=True)\n",
            ("sh", "command", 0, "shell", "subprocess.call", "returned", (3,)),
        ),
        (
            "class R:\n    def go(self, prompt, argv):\n        subprocess.run(argv, check=True)\n",
            ("R.go", "argv", 1, "argv", "subprocess.run", "read", (4,)),
        ),
        (
            "def strict(cmd, check=True):\n    return subprocess.run(cmd, check=check)\n",
            ("strict", "cmd", 0, "argv", "subprocess.run", "read", (3,)),
        ),
        (
            "def logged(cmd):\n    r = subprocess.run(cmd)\n"
            "    if r.returncode:\n        log(r.returncode)\n    return r\n",
            ("logged", "cmd", 0, "argv", "subprocess.run", "read", (3,)),
        ),
        (
            "def output(cmd):\n    r = subprocess.run(cmd, capture_output=True)\n"
            "    return r.stdout\n",
            ("output", "cmd", 0, "argv", "subprocess.run", "read", (3,)),
        ),
        (
            "def sandboxed(cmd, box):\n    if box:\n        cmd = wrap(cmd)\n"
            "    proc = subprocess.Popen(cmd)\n    return proc\n",
            ("sandboxed", "cmd", 0, "argv", "subprocess.Popen", "returned", (5,)),
        ),
        (  # launched twice (streamed or not): both calls launch what it is given
            "def twice(cmd, stream):\n    if stream:\n        return subprocess.Popen(cmd)\n"
            "    return subprocess.run(cmd)\n",
            ("twice", "cmd", 0, "argv", "subprocess.Popen", "returned", (4, 5)),
        ),
        (  # the argv a local name holds, its program the caller's
            "def ask(prompt, program):\n    cmd = [program, '-p', prompt]\n"
            "    return subprocess.run(cmd)\n",
            ("ask", "program", 1, "program", "subprocess.run", "returned", (4,)),
        ),
    ],
)
def test_a_parameter_that_reaches_a_launch(code: str, expected: tuple[object, ...]) -> None:
    found = summary("import asyncio, subprocess\n" + code).launch_parameters
    (name,) = found
    assert (name, *found[name]) == expected


def test_a_parameter_replaced_on_every_way_is_not_launched() -> None:
    code = """\
        import subprocess

        def fixed(cmd):
            cmd = ["git", "status"]
            return subprocess.run(cmd)

        def unrelated(prompt):
            return subprocess.run(["claude", "-p", prompt])
        """
    assert not summary(code).launch_parameters


# What functions return.


def test_what_functions_return_about_a_process() -> None:
    code = """\
        import subprocess

        def status(argv):
            return subprocess.run(argv).returncode

        def failed(argv):
            return subprocess.run(argv).returncode != 0

        def ok(argv):
            proc = subprocess.Popen(argv)
            return proc.wait() == 0

        def negated(argv):
            return not subprocess.call(argv)

        def result(argv):
            return subprocess.run(argv)

        def flagged(argv):
            proc = subprocess.run(argv, capture_output=True)
            if proc.returncode != 0:
                return False, proc.stderr
            return True, proc.stdout

        def item(argv):
            proc = subprocess.run(argv, capture_output=True)
            return proc.stdout, proc.returncode == 0

        def mixed(argv):
            if argv:
                return subprocess.run(argv).returncode
            return subprocess.run(argv)
        """
    assert summary(code).returns == {
        "status": "status",
        "failed": "status",
        "ok": "success",
        "negated": "success",
        "result": "result",
        "flagged": "success@0",
        "item": "success@1",
    }


def test_what_functions_return_through_the_functions_they_call() -> None:
    code = """\
        import subprocess

        from results import Result, Status

        class Loop:
            def _run_agent(self, argv):
                process = subprocess.Popen(argv)
                out, _ = process.communicate()
                return process.returncode, out

            def once(self, argv):
                code, out = self._run_agent(argv)
                return code == 0, out

            def twice(self, argv):
                return self.once(argv)

        def execute(argv):
            process = subprocess.run(argv)
            if process.returncode == 0:
                return Result(status=Status.OK, log="")
            return Result(status=Status.FAILED, log="")

        def unrelated(argv):
            process = subprocess.run(argv)
            return Result(status=Status.OK if argv else Status.FAILED, log="")

        def parsed(argv):
            result = subprocess.run(argv, capture_output=True)
            if result.returncode == 0:
                try:
                    return json.loads(result.stdout)
                except ValueError:
                    return None
            return None

        def nothing(argv):
            subprocess.run(argv)
            return None

        def answered(argv):
            result = subprocess.run(argv)
            if result.returncode == 0:
                return True
            return False
        """
    assert summary(code).returns == {
        "Loop._run_agent": "status@0",
        "Loop.once": "success@0",
        "Loop.twice": "success@0",
        "execute": "field:status=Status.OK~Status.FAILED",
        "parsed": "success",
        "answered": "success",
    }


def test_result_fields_that_say_how_the_run_ended() -> None:
    code = """\
        import subprocess
        from dataclasses import dataclass

        from codes import Code

        @dataclass
        class Response:
            output: str
            code: Code

        def coded(argv):
            try:
                done = subprocess.run(argv, capture_output=True, timeout=60)
            except subprocess.TimeoutExpired:
                return Response("timed out", Code.TIMEOUT)
            if done.returncode == 0:
                if b"error" in done.stdout:
                    return Response(output=done.stdout, code=Code.REPORTED)
                return Response(output=done.stdout, code=Code.NONE)
            return Response(output=done.stderr, code=Code.AGENT_ERROR)

        def printed(argv):
            done = subprocess.run(argv, capture_output=True)
            if done.returncode == 0:
                return Response(output=done.stdout, code=Code.NONE)
            return Response(output=done.stderr, code=Code.NONE)
        """
    # the values a success gives (`=`) and those only a failure gives (`~`), read by
    # position too; the output is no flag
    assert summary(code).returns == {
        "coded": "field:code=Code.NONE|Code.REPORTED~Code.AGENT_ERROR|Code.TIMEOUT"
    }


def test_two_result_fields_that_each_say_how_the_run_ended() -> None:
    code = """\
        import subprocess
        from dataclasses import dataclass

        from codes import Status

        @dataclass
        class Outcome:
            status: Status
            return_code: int | None = None

        def run(argv):
            try:
                done = subprocess.run(argv, timeout=60)
            except subprocess.TimeoutExpired:
                return Outcome(Status.TIMED_OUT)
            if done.returncode != 0:
                return Outcome(status=Status.FAILED, return_code=done.returncode)
            status = Status.DONE if check() else Status.PARTIAL
            return Outcome(status=status, return_code=done.returncode)
        """
    # the exit status it keeps, and the status a local name gives on success: a caller
    # may test either
    assert summary(code).returns == {
        "run": "field:return_code=0;status=Status.DONE|Status.PARTIAL"
        "~Status.FAILED|Status.TIMED_OUT"
    }


@pytest.mark.parametrize(
    ("returns", "flag"),
    [("success", -1), ("success@2", 2), ("status", None), ("result", None), (None, None)],
)
def test_success_flags(returns: str | None, flag: int | None) -> None:
    assert success_flag(returns) == flag


# Class bases.


def test_class_bases_are_qualified_through_imports() -> None:
    code = """\
        import base
        from .mixins import Retrying as R
        from runner.core import Task

        class Local:
            pass

        class A(R, Local):
            pass

        class B(base.Runner, Task):
            pass
        """
    found = summary(code, module="runner.jobs").class_bases
    assert found["A"] == ("runner.mixins.Retrying", "runner.jobs.Local")
    assert found["B"] == ("base.Runner", "runner.core.Task")


def test_the_new_facts_survive_the_cache() -> None:
    code = """\
        import subprocess

        class Job:
            def run(self, argv):
                return subprocess.run(argv).returncode == 0
        """
    original = summary(code)
    assert original.launch_parameters["Job.run"] == LaunchParameter(
        "argv", 0, "argv", "subprocess.run", "returned", (5,)
    )
    assert PythonSummary.from_data(original.to_data()) == original


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (  # None after a failure, a value after a success: `success`
            "from .runner import run_exec\n\n"
            "def once(p):\n    rc = run_exec(p)\n    if rc != 0:\n        return None\n"
            "    return read_answer()\n",
            {"once": (4, 9, "success", "status")},
        ),
        (  # a word that says how it went, if the call's tuple starts with its success
            "from .runner import run_claude\n\n"
            "def process(p):\n    ok, out = run_claude(p)\n"
            "    return 'ok' if ok else 'fail'\n",
            {"process": (4, 14, "field:='ok'~'fail'", "success@0")},
        ),
        (  # the call's value returned as it is: the call graph follows that already
            "from .runner import run_exec\n\ndef once(p):\n    return run_exec(p)\n",
            {},
        ),
        (  # a comparison with 0 of no call's value
            "def count(items):\n    if len(items) == 0:\n        return None\n    return 1\n",
            {},
        ),
    ],
)
def test_what_a_function_says_if_a_call_returns_a_status(
    code: str, expected: dict[str, tuple[int, int, str, str]]
) -> None:
    found = summary(code, "pkg.app")
    assert dict(found.status_verdicts) == expected
    assert PythonSummary.from_data(found.to_data()) == found


def test_a_name_rebound_to_a_call_given_it_is_read_once() -> None:
    """`messages, n = trim(messages=messages, …)` over several lines: what `messages`
    holds leads back to itself; the module is still summarised (it was a RecursionError,
    and an empty summary)."""
    code = """\
        from .trim import trim

        def chat(messages, client):
            messages, count = trim(
                messages=messages,
                limit=20,
            )
            if not messages:
                return None
            response = client.messages.create(messages=messages)
            if response.stop_reason == 0:
                return None
            return response
        """
    found = summary(code, "pkg.app")
    assert "chat" in found.graph["functions"]


def test_the_index_names_the_launching_functions() -> None:
    parameter = LaunchParameter("cmd", 0, "argv", "subprocess.run", "returned", (3,))
    summaries = {"pkg.a": PythonSummary("pkg/a.py", launch_parameters={"R.go": parameter})}
    assert ProjectIndex(summaries).launch_calls() == (("go(", "a"),)


# Which function a call runs.


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        ("build(p)", "build"),
        ("Command(p).argv()", "argv"),
        ("Command.make(p)", "make"),
        ("made.argv()", "argv"),
        ("made.inherited()", "inherited"),
        ("unknown.argv()", None),
    ],
)
def test_the_function_a_call_runs(call: str, expected: str | None) -> None:
    code = f"""\
        class Base:
            def inherited(self):
                return []

        class Command(Base):
            def argv(self):
                return []

            @staticmethod
            def make(p):
                return Command()

        def build(p):
            return []

        def main(p, unknown):
            made = Command(p)
            return {call}
        """
    unit = parse_python(SourceFile("m.py", textwrap.dedent(code)))
    assert unit.module is not None
    (returned,) = [n.value for n in unit.module.parents if isinstance(n, ast.Return)][-1:]
    assert isinstance(returned, ast.Call)
    function = called_function(unit.module, returned)
    assert (function.name if function else None) == expected


# Calls of those functions, in a module and across a tree.


def test_a_dropped_result_of_a_runner_loses_the_agent_status() -> None:
    findings = python(
        """\
        import subprocess

        def run_command(cmd):
            return subprocess.run(cmd)

        def argv(prompt):
            return ["claude", "-p", prompt]

        def main(prompt):
            run_command(argv(prompt))
            ok = run_command(argv(prompt)).returncode == 0
            return ok
        """,
        "RA203",
    )
    (finding,) = findings
    assert finding.span.start.line == 10
    assert finding.message.endswith("`run_command()` returns it and the result is dropped")


def test_a_runner_of_another_module_and_a_mixin_of_another(tmp_path: Path) -> None:
    from auditor.run import audit

    package = write_package(
        tmp_path,
        "runner",
        {
            "util.py": """\
                import subprocess

                def run_command(cmd):
                    subprocess.run(cmd)
                """,
            "base.py": """\
                class Retrying:
                    def run(self):
                        while True:
                            if self._execute() == 0:
                                break
                """,
            "jobs.py": """\
                import subprocess
                from . import util
                from .base import Retrying

                class Job(Retrying):
                    def _execute(self):
                        return subprocess.call(["gptme", "-n", "next"])

                def nightly():
                    util.run_command(["codex", "exec", "triage"])
                """,
        },
    )
    report = audit([package], Settings(), cwd=tmp_path, jobs=1)
    found = sorted((f.path, f.span.start.line, f.code) for f in report.findings)
    # the status is lost where the agent runs: in the runner of the other module
    assert found == [("runner/base.py", 3, "RA301"), ("runner/util.py", 4, "RA203")]
    (loop,) = [f for f in report.findings if f.code == "RA301"]
    assert [r.path for r in loop.related] == ["runner/base.py", "runner/jobs.py"]
