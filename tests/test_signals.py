"""Ctrl-C and SIGTERM during a parallel run: no traceback, no worker left behind, and a
cache the next run can trust."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from generated_scripts import generated_runner

RUNAUDIT = [sys.executable, "-c", "from auditor.cli import main; main()"]
SCRIPT = '#!/bin/bash\nset -e\nfor i in 1 2 3; do\n  gptme "step $i" 2>&1 | tee -a log{n}\ndone\n'


def _children(pid: int) -> set[int]:
    """The processes whose parent is `pid` (Linux /proc)."""
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.add(int(entry))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _started(args: list[str], cwd: Path) -> tuple[subprocess.Popen[str], set[int]]:
    """A run of `args` in `cwd`, once its worker processes have started, and those."""
    process = subprocess.Popen(
        args, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    workers: set[int] = set()
    deadline = time.monotonic() + 30
    while len(workers) < 2 and time.monotonic() < deadline and process.poll() is None:
        workers = _children(process.pid)
        time.sleep(0.02)
    assert workers, "the run ended before its workers started"
    return process, workers


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    for n in range(1200):
        (scripts / f"run{n}.sh").write_text(SCRIPT.format(n=n))
    return tmp_path


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(("sig", "status", "said"), [
    (signal.SIGINT, 130, "runaudit: interrupted\n"),
    (signal.SIGTERM, 143, "runaudit: terminated\n"),
])  # fmt: skip
def test_a_signal_stops_workers_without_a_traceback(
    tree: Path, sig: signal.Signals, status: int, said: str
) -> None:
    cache = tree / "cache"
    args = [*RUNAUDIT, "check", "--isolated", "--jobs", "2", "--cache-dir", str(cache), "-f"]
    process, workers = _started([*args, "concise", "scripts"], tree)
    time.sleep(0.3)
    process.send_signal(sig)
    _, stderr = process.communicate(timeout=20)
    assert (process.returncode, stderr) == (status, said)
    time.sleep(0.2)
    assert not [pid for pid in workers if _alive(pid)], "workers outlived the run"
    # What the killed run left in the cache is sound: a cached run reports what a fresh one does.
    cached = subprocess.run([*args, "json", "scripts"], cwd=tree, capture_output=True, timeout=120)
    fresh = subprocess.run(
        [*RUNAUDIT, "check", "--isolated", "--no-cache", "-f", "json", "scripts"],
        cwd=tree,
        capture_output=True,
        timeout=120,
    )
    assert cached.stdout == fresh.stdout and cached.returncode == fresh.returncode == 1


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("again", [False, True])
def test_sigterm_stops_workers_busy_on_slow_files_at_once(tmp_path: Path, again: bool) -> None:
    """Workers in the middle of long files are killed, not left to audit the rest of the
    queue; a second SIGTERM while the run stops (a supervisor's) ends it at once."""
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    text = generated_runner(12_000)  # seconds a file: the queue takes a minute
    for n in range(24):
        (scripts / f"run{n}.sh").write_text(text)
    args = [*RUNAUDIT, "check", "--isolated", "--no-cache", "--jobs", "2", "scripts"]
    process, workers = _started(args, tmp_path)
    time.sleep(1.0)
    sent = time.monotonic()
    process.send_signal(signal.SIGTERM)
    if again:
        time.sleep(0.01)
        process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=30)
    assert time.monotonic() - sent < 5
    assert process.returncode in ((143, -signal.SIGTERM) if again else (143,))
    assert stderr in ("", "runaudit: terminated\n")
    time.sleep(0.2)
    assert not [pid for pid in workers if _alive(pid)], "workers outlived the run"
