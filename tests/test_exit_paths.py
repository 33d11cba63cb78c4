"""Issue 25, item 15: every way a run can end says so in one line, in its own process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from invoke import invoke
from subprocess_cli import runaudit

ENTRY = "from auditor.entry import main; main()"
SCRIPT = '#!/bin/bash\nset -e\nfor i in 1 2 3; do\n  gptme "step $i" 2>&1 | tee -a log{n}\ndone\n'
AUDITOR = str(Path(__file__).resolve().parent.parent / "auditor")


@pytest.mark.skipif(not hasattr(signal, "SIGTERM"), reason="POSIX signals")
def test_sigterm_ends_an_in_process_run_with_one_line(tmp_path: Path) -> None:
    # 300 scripts of 40 pipelines each: several seconds in one process, however fast.
    body = "".join(f'  gptme "step $i {k}" 2>&1 | tee -a log{k} | grep -v x\n' for k in range(40))
    for n in range(300):
        (tmp_path / f"run{n}.sh").write_text(f"#!/bin/bash\nset -e\nfor i in 1 2; do\n{body}done\n")
    process = subprocess.Popen(
        [sys.executable, "-c", ENTRY, "check", "--isolated", "--no-cache", "--jobs", "1", "."],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(1.5)  # well into the audit
        assert process.poll() is None, "the run ended before the signal"
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=20)
    finally:
        process.kill()
    assert (process.returncode, stderr) == (143, "runaudit: terminated\n")


# Ctrl-C arriving while the command line is still being imported: the child interrupts
# itself as it starts importing one of these modules.
INTERRUPT_AT = (
    """
import importlib.abc, os, signal, sys
class Interrupt(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == {module!r}:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Interrupt())
"""
    + ENTRY
)


@pytest.mark.parametrize(
    "module", ["auditor.cli", "argparse", "auditor.options", "auditor.output", "auditor.config"]
)
def test_ctrl_c_while_starting_prints_one_line(tmp_path: Path, module: str) -> None:
    (tmp_path / "run.sh").write_text(SCRIPT.format(n=0))
    code = INTERRUPT_AT.format(module=module)
    result = subprocess.run(
        [sys.executable, "-c", code, "check", "--no-cache", "run.sh"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert (result.returncode, result.stderr) == (130, "runaudit: interrupted\n")


def test_ctrl_c_in_the_first_milliseconds_prints_no_runaudit_traceback(tmp_path: Path) -> None:
    # Sampled: 0 to 60 ms after the start. Before runaudit's code runs, the interpreter's
    # own start-up (site, .pth files) may still print one; none may pass through runaudit.
    (tmp_path / "run.sh").write_text(SCRIPT.format(n=0))
    for step in range(31):
        process = subprocess.Popen(
            [sys.executable, "-c", ENTRY, "check", "--no-cache", "--jobs", "1", "run.sh"],
            cwd=tmp_path,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        time.sleep(step * 0.002)
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
        # the interpreter's own start-up, interrupted: a traceback, or a fatal error while
        # it imports `site` or sets up its signals (no Python frame yet, so no traceback)
        if "Traceback" in stderr or "Fatal Python error" in stderr:
            assert AUDITOR not in stderr, stderr
        else:
            assert (process.returncode, stderr) in {
                (-signal.SIGINT, ""),  # before Python took the signal over
                (130, "runaudit: interrupted\n"),
                (1, ""),  # done before the signal (it has a finding)
            }


def test_closed_standard_input_is_one_line(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", ENTRY, "check", "-"],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
        preexec_fn=lambda: os.close(0),
    )
    assert (result.returncode, result.stderr) == (
        2,
        "runaudit: error: standard input is closed: there is nothing to audit\n",
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["--help"], ["check", "--help"], ["--version"], ["rules"]])
def test_output_to_a_full_disk_fails_with_one_line(tmp_path: Path, args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-c", ENTRY, *args],
            cwd=tmp_path,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=30,
        )
    assert (result.returncode, result.stderr) == (2, "runaudit: error: no space left on device\n")


def test_a_deleted_working_directory_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "run.sh").write_text(SCRIPT.format(n=0))
    gone = str(tmp_path / "gone")
    code = f"import os; os.mkdir({gone!r}); os.chdir({gone!r}); os.rmdir({gone!r}); {ENTRY}"
    for args in (["check", "."], ["check"], ["check", str(tmp_path / "run.sh")]):
        result = subprocess.run(
            [sys.executable, "-c", code, *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert (result.returncode, result.stderr) == (
            2,
            "runaudit: error: the working directory no longer exists (it was deleted or moved)\n",
        ), args


def test_help_piped_to_a_reader_that_stops_is_quiet(tmp_path: Path) -> None:
    """`runaudit check --help | head -0`: the reader has closed its end before the help is
    written, so the write fails (EPIPE); the run ends quietly, no traceback."""
    reading, writing = os.pipe()
    os.close(reading)
    try:
        result = subprocess.run(
            [sys.executable, "-c", ENTRY, "check", "--help"],
            cwd=tmp_path,
            stdout=writing,
            stderr=subprocess.PIPE,
            text=True,
            timeout=30,
        )
    finally:
        os.close(writing)
    assert (result.returncode, result.stderr) == (2, "")


def test_help_piped_to_a_reader_that_reads_it_all_exits_0(tmp_path: Path) -> None:
    result = runaudit(["check", "--help"], tmp_path, timeout=30)
    assert result.returncode == 0
    assert result.stdout.startswith("usage: runaudit check")


def test_ctrl_c_that_python_wraps_is_an_interruption(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while Python calls `__set_name__` during an import reaches runaudit as a
    `RuntimeError` caused by the `KeyboardInterrupt`: one line, exit 130, as any other."""
    from auditor import cli

    def interrupted(*_: object) -> int:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as cause:
            raise RuntimeError("Error calling __set_name__") from cause

    monkeypatch.setattr(cli, "_command", interrupted)
    result = invoke(["check", "."])
    assert (result.exit_code, result.stderr) == (130, "runaudit: interrupted\n")
