"""Near misses of phase_result_bad: the same result object, in loops that go round only
on a review's verdict (by an `if` or its `else`) and give up when the phase fails."""

import subprocess
from dataclasses import dataclass


@dataclass
class PhaseResult:
    success: bool
    output: str
    error: str | None = None


def run_phase(task: str, cwd: str) -> PhaseResult:
    exit_code = 0
    done = False
    try:
        proc = subprocess.run(
            ["claude", "-p", task], cwd=cwd, capture_output=True, text=True, timeout=600
        )
        exit_code = proc.returncode
        done = "<done/>" in proc.stdout
    except subprocess.TimeoutExpired:
        return PhaseResult(success=False, output="", error="timeout")
    success = exit_code == 0 or done
    error = None if success else f"exit {exit_code}"
    return PhaseResult(success=success, output=proc.stdout, error=error)


def cook_until_approved(task: str, cwd: str, rounds: int = 3) -> bool:
    for _ in range(rounds):
        result = run_phase(task, cwd)
        if not result.success:
            return False
        if review(cwd) == "approved":
            return True
    return False


def cook_with_feedback(task: str, cwd: str, rounds: int = 3) -> bool:
    attempts = 0
    while attempts < rounds:
        attempts += 1
        result = run_phase(task, cwd)
        if result.error:
            return False
        if review(cwd) != "approved":
            continue
        return True
    return False


def review(cwd: str) -> str:
    return "approved"
