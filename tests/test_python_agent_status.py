"""Agent launches in Python, the guards on their exit statuses, and lost statuses."""

from __future__ import annotations

import textwrap

import pytest

from auditor.agent_status import AgentStatus
from auditor.engine import audit_text
from auditor.kinds import FileKind
from auditor.profiles import default_catalog
from auditor.python.runner.agent_status import python_agent_status
from auditor.python.unit import parse_python
from auditor.source import SourceFile


def status_of(code: str) -> tuple[str, AgentStatus]:
    text = textwrap.dedent(code)
    unit = parse_python(SourceFile("m.py", text), default_catalog())
    assert unit.module is not None
    return text, python_agent_status(unit.module, default_catalog())


def launched(code: str) -> list[str]:
    text, status = status_of(code)
    return [text[call.start : call.end] for call in status.calls]


def guards(code: str) -> list[tuple[str, tuple[int, ...], bool]]:
    text, status = status_of(code)
    return [(text[g.start : g.end], g.codes, g.equality) for g in status.guards]


def lost(code: str) -> list[tuple[str, str]]:
    text, status = status_of(code)
    return [(text[item.start : item.end], item.how) for item in status.lost]


# Launches.


@pytest.mark.parametrize(
    "call",
    [
        'subprocess.run(["gptme", "-n", p])',
        'subprocess.call(["/home/me/.local/bin/gptme", p])',
        'subprocess.check_call(["nice", "-n", "5", "gptme", p])',
        'subprocess.check_output(["python", "-m", "gptme", p])',
        'subprocess.Popen([shutil.which("gptme"), p])',
        'subprocess.Popen(args=["claude", "-p", p])',
        'asyncio.create_subprocess_exec("gptme", "-n", p)',
        'asyncio.create_subprocess_exec(*["gptme", p])',
        'os.system(f"gptme -n {p}")',
        'os.system("cd work && FOO=1 timeout 60 gptme x > log 2>&1")',
        'subprocess.call("gptme " + p, shell=True)',
        'subprocess.run(["bash", "-c", f"gptme {p}"])',
        'asyncio.create_subprocess_shell("gptme x")',
    ],
)
def test_agent_launches_are_found(call: str) -> None:
    code = f"import asyncio, os, shutil, subprocess\ndef f(p):\n    x = {call}\n    return x\n"
    assert launched(code) == [call]


@pytest.mark.parametrize(
    "call",
    [
        'subprocess.run(["git", "push"])',
        'subprocess.run("gptme x", check=True)',  # one program named "gptme x", no shell
        'os.system("gptme x | tee log")',  # the pipeline's status is tee's: RA101's concern
        'os.system("gptme x &")',
        'os.system("gptme x || true")',
        'subprocess.run(["echo", "gptme"])',
        "subprocess.run(cmd)",
        'subprocess.run(["gptme", "--version"])',  # a probe: no session, no tool
        'subprocess.run(["timeout", "5", "claude", "--help"], capture_output=True)',
        'os.system("gptme -h > /dev/null")',
    ],
)
def test_other_commands_are_not_launches(call: str) -> None:
    assert launched(f"import os, subprocess\ncmd = []\n{call}\n") == []


def test_launch_codes_label_and_timeout() -> None:
    _, status = status_of(
        """
        import os, subprocess
        subprocess.run(["timeout", "-k", "5", "60", "gptme", "x"], timeout=90)
        os.system("gptme x")
        subprocess.run(["bash", "-c", "gptme x"])
        """
    )
    wrapped, system, bash = status.calls
    assert wrapped.label == "gptme"
    assert {124, 137} <= set(wrapped.codes.codes)
    assert wrapped.codes.timeout_raises and not wrapped.codes.signals
    assert system.codes.signals and 127 in system.codes.codes
    assert not system.codes.timeout_raises
    assert bash.codes.signals and 124 not in bash.codes.codes


def test_negative_codes_are_added_only_when_compared() -> None:
    _, status = status_of(
        """
        import subprocess
        p = subprocess.Popen(["gptme"])
        if p.wait() == -9:
            pass
        """
    )
    assert status.calls[0].codes.emits(-9)
    assert not status.calls[0].codes.emits(-15)


# Tracking the status.


@pytest.mark.parametrize(
    "body",
    [
        'r = subprocess.run(["gptme"])\nif r.returncode == 75: pass',
        'if subprocess.run(["gptme"]).returncode == 75: pass',
        'rc = subprocess.call(["gptme"])\nif rc == 75: pass',
        'p = Popen(["gptme"])\nif p.wait() == 75: pass',
        'p = Popen(["gptme"])\np.wait()\nif p.returncode == 75: pass',
        'p = Popen(["gptme"])\nrc = p.poll()\nif rc == 75: pass',
        'with Popen(["gptme"]) as p:\n    pass\nif p.returncode == 75: pass',
        'r = subprocess.run(["gptme"])\ncode = r.returncode\nrc2 = code\nif rc2 == 75: pass',
        'r = subprocess.run(["gptme"])\nself.rc = r.returncode\nif self.rc == 75: pass',
        'if (rc := subprocess.call(["gptme"])) == 75: pass',
        'rc = os.waitstatus_to_exitcode(os.system("gptme x"))\nif rc == 75: pass',
        'if os.system("gptme x") >> 8 == 75: pass',
    ],
)
def test_status_is_followed(body: str) -> None:
    code = "import os, subprocess\nfrom subprocess import Popen\ndef f(self):\n"
    code += textwrap.indent(body, "    ") + "\n"
    assert [(codes, equality) for _, codes, equality in guards(code)] == [((75,), True)]


def test_async_status_is_followed() -> None:
    found = guards(
        """
        import asyncio
        async def f():
            proc = await asyncio.create_subprocess_exec("gptme", "x")
            if await proc.wait() == 75: pass
            if proc.returncode in (76, 77): pass
        """
    )
    assert [codes for _, codes, _ in found] == [(75,), (76, 77)]


def test_reassignment_to_another_program_stops_tracking() -> None:
    found = guards(
        """
        import subprocess
        def f():
            r = subprocess.run(["gptme"])
            if r.returncode == 75: pass
            r = subprocess.run(["git", "push"])
            if r.returncode == 1: pass
        def g(r):
            if r.returncode == 2: pass
        """
    )
    assert [text for text, _, _ in found] == ["r.returncode == 75"]


def test_os_system_status_is_a_wait_status() -> None:
    _, status = status_of(
        """
        import os
        rc = os.system("gptme x")
        if rc == 75: pass
        if os.WEXITSTATUS(rc) == 75: pass
        """
    )
    assert [g.wait_status for g in status.guards] == [True, False]


# Guards.


@pytest.mark.parametrize(
    ("condition", "codes", "equality"),
    [
        ("rc == 75", (75,), True),
        ("75 == rc", (75,), True),
        ("rc != 0", (0,), False),
        ("rc in (75, 76)", (75, 76), True),
        ("rc in [1, -9]", (1, -9), True),
        ("rc not in {0, 130}", (0, 130), False),
        ("rc == EX_TEMPFAIL", (75,), True),
        ("rc == os.EX_TEMPFAIL", (75,), True),
        ("rc in (EX_NOPERM, os.EX_OK)", (77, 0), True),
        ("ok and rc == 1", (1,), True),
    ],
)
def test_guard_forms(condition: str, codes: tuple[int, ...], equality: bool) -> None:
    code = "import os, subprocess\nfrom os import EX_NOPERM\nEX_TEMPFAIL = 75\n"
    code += f'rc = subprocess.call(["gptme"])\nok = {condition}\n'
    assert [(c, e) for _, c, e in guards(code)] == [(codes, equality)]


@pytest.mark.parametrize(
    "condition", ["rc > 0", "rc == n", "rc in (1, n)", "rc is None", "rc == (1, 2)", "rc in 5"]
)
def test_comparisons_that_are_not_guards(condition: str) -> None:
    assert guards(f'import subprocess\nrc = subprocess.call(["gptme"])\nok = {condition}\n') == []


def test_guard_span_is_the_comparison() -> None:
    code = 'import subprocess\nrc = subprocess.call(["gptme"])\nassert (rc == 1) or rc == 75\n'
    assert [text for text, _, _ in guards(code)] == ["rc == 1", "rc == 75"]


def test_intents_come_from_the_if_test_and_its_own_body() -> None:
    _, status = status_of(
        """
        import subprocess
        r = subprocess.run(["gptme"], capture_output=True, text=True)
        if r.returncode == 1 and "429" in r.stderr:
            print("retry")
        elif r.returncode == 2:
            print("auth failed")
        else:
            print("model unavailable")
        rate_limited = r.returncode == 1
        while r.returncode == 3:
            print("timed out")
        """
    )
    intents = [tuple(intent.name for intent in guard.intents) for guard in status.guards]
    assert intents == [("rate-limit",), ("auth",), ("rate-limit",), ("timeout",)]


# Lost statuses.

WAITED_DROPPED = "it is waited for, but neither `wait()`'s result nor `returncode` is read"


@pytest.mark.parametrize(
    ("body", "how"),
    [
        ('subprocess.run(["gptme"])', "`run()` has no `check=True` and its result is dropped"),
        ('r = subprocess.run(["gptme"])', "`run()` has no `check=True` and `r` is never read"),
        (
            'subprocess.run(["gptme"], check=False)',
            "`run()` has `check=False` and its result is dropped",
        ),
        ('subprocess.call(["gptme"])', "its return value is dropped"),
        ('rc = subprocess.call(["gptme"])', "`rc` is never read"),
        ('subprocess.Popen(["gptme"])', "the process is never waited for"),
        ('p = subprocess.Popen(["gptme"])\nprint(p.pid)', "the process is never waited for"),
        ('await asyncio.create_subprocess_exec("gptme")', "the process is never waited for"),
        ('p = subprocess.Popen(["gptme"])\np.wait()', WAITED_DROPPED),
        ('p = await asyncio.create_subprocess_exec("gptme")\nawait p.wait()', WAITED_DROPPED),
        ('p = subprocess.Popen(["gptme"])\ndef later():\n    p.wait()', WAITED_DROPPED),
        # leaving the block waits for the process, and nothing reads its status
        ('with subprocess.Popen(["gptme"]) as p:\n    print(p.pid)', WAITED_DROPPED),
        ('with subprocess.Popen(["gptme"]):\n    pass', WAITED_DROPPED),
        # asking only whether it has ended waits for it, and reads no status
        ('p = subprocess.Popen(["gptme"])\nwhile p.poll() is None:\n    pass', WAITED_DROPPED),
        (
            'p = subprocess.Popen(["gptme"])\nwhile p.returncode is None:\n    p.poll()',
            WAITED_DROPPED,
        ),
        (  # showing the output is not examining it
            'r = subprocess.run(["gptme"])\nprint(r.stdout or r.stderr)',
            "`run()` has no `check=True` and its output is only shown",
        ),
    ],
)
def test_lost_statuses(body: str, how: str) -> None:
    code = "import asyncio, subprocess\nasync def f():\n" + textwrap.indent(body, "    ") + "\n"
    assert [reason for _, reason in lost(code)] == [how]


@pytest.mark.parametrize(
    "body",
    [
        'subprocess.run(["gptme"], check=True)',
        'subprocess.run(["gptme"], check=strict)',  # the caller decides whether it raises
        'subprocess.check_call(["gptme"])',
        'subprocess.check_output(["gptme"])',
        'r = subprocess.run(["gptme"], capture_output=True)\nif "DONE" in r.stdout:\n    pass',
        'r = subprocess.run(["gptme"])\nprint(r.stdout)\nreturn r.returncode',
        'rc = subprocess.call(["gptme"])\nreturn rc',
        'p = subprocess.Popen(["gptme"])\np.communicate()',
        'p = subprocess.Popen(["gptme"])\nprocs.append(p)',
        'with subprocess.Popen(["gptme"]) as p:\n    pass\nreturn p.returncode',
        'return subprocess.Popen(["gptme"])',
        'self.proc = subprocess.Popen(["gptme"])',
        'p = subprocess.Popen(["gptme"])\ndef later():\n    return p.wait()',
        'p = subprocess.Popen(["gptme"])\np.wait()\nreturn p.returncode',
        'p = subprocess.Popen(["gptme"])\nwhile p.poll() is None:\n    pass\nreturn p.poll()',
        'subprocess.run(["git", "push"])',
        # A shell string's status is reported by the embedded shell, at the agent's word.
        'os.system("gptme x")',
        'subprocess.call("gptme x", shell=True)',
    ],
)
def test_statuses_that_are_not_lost(body: str) -> None:
    code = "import os, subprocess\nprocs = []\ndef f(self):\n" + textwrap.indent(body, "    ")
    assert lost(code + "\n") == []


def test_module_without_launches_is_not_indexed() -> None:
    _, status = status_of("x = 1\nif x == 75:\n    print('gptme')\n")
    assert status == AgentStatus.empty()


# Through the engine, with the rules that read these records.


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (
            'r = subprocess.run(["gptme", "x"], capture_output=True, text=True)\n'
            'if r.returncode == 1 and "429" in r.stderr:\n    pass\n',
            [("RA201", 2)],
        ),
        (
            'r = subprocess.run(["gptme", "x"], timeout=60)\nif r.returncode == 124:\n    pass\n',
            [("RA202", 2)],
        ),
        ('if os.system("gptme x") == 75:\n    pass\n', [("RA202", 1)]),
        ('r = subprocess.run(["gptme", "x"])\nif r.returncode == 75:\n    pass\n', []),
        ('r = subprocess.run(["gptme", "x"])\nif r.returncode != 0:\n    pass\n', []),
        ('r = subprocess.run(["git", "x"])\nif r.returncode == 2:\n    pass\n', []),
        ('subprocess.run(["gptme", "x"], check=True)\n', []),
        ('subprocess.run(["gptme", "x"])\n', [("RA203", 1)]),
        # A dropped shell string is reported once, by the embedded shell.
        ('os.system("gptme x")\n', [("RA203", 1)]),
    ],
)
def test_rules_read_these_records(code: str, expected: list[tuple[str, int]]) -> None:
    report = audit_text("import os, subprocess\n" + code, "runner.py", FileKind.PYTHON)
    found = [(f.code, f.span.start.line - 1) for f in report.findings]
    assert found == expected
