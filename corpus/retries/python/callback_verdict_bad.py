"""RA301: the loop re-runs the agent until a callback its caller gives accepts the run
(`success_check(run)`); a failed run does not pass it, so every failure starts over. The
launcher hands the status back in a dict (`{"returncode": …}`), read by the second loop."""

import subprocess
import time
from collections.abc import Callable
from pathlib import Path


def run_claude(prompt: str, cwd: Path) -> dict[str, object]:
    proc = subprocess.run(
        ["claude", "-p", prompt, "--permission-mode", "acceptEdits"],
        cwd=cwd,
        capture_output=True,
        text=True,
    )
    return {"returncode": proc.returncode, "stdout": proc.stdout, "stderr": proc.stderr}


def run_with_retries(
    prompt: str, cwd: Path, success_check: Callable[[dict[str, object]], object], retries: int = 3
) -> dict[str, object]:
    for attempt in range(1, retries + 1):  # expect: RA301(error)
        run = run_claude(prompt, cwd)
        value = success_check(run)
        if value:
            return {"ok": True, "value": value, "attempts": attempt}
        time.sleep(5 * attempt)
    return {"ok": False}


def until_accepted(prompt: str, cwd: Path, accept: Callable[[dict[str, object]], bool]) -> bool:
    for _ in range(4):  # expect: RA301(error)
        if accept(run_claude(prompt, cwd)):
            return True
    return False


def until_exit_zero(prompt: str, cwd: Path) -> dict[str, object] | None:
    for attempt in range(3):  # expect: RA301(error)
        run = run_claude(prompt, cwd)
        if run["returncode"] == 0:
            return run
        time.sleep(2**attempt)
    return None
