"""A phase runner returns a result object: `success` is true when the run exited 0 (or
printed its completion marker) and `error` is None exactly then. The loop re-runs the
phase whenever it failed; a success goes round too, but only by the `else` of a
review's verdict, so the failure's way round is its own (RA301)."""

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


def cook(task: str, cwd: str, retries: int = 2) -> bool:
    attempts = 0
    while attempts <= retries:  # expect: RA301
        attempts += 1
        result = run_phase(task, cwd)
        closed_anyway = False
        if result.error and "timeout" in result.error:
            closed_anyway = task_closed(cwd)  # a timed-out run may have finished its task
            if not closed_anyway:
                continue
        if not result.success and not closed_anyway:
            continue
        verdict = review(cwd)
        if verdict == "approved":
            return True
        elif verdict == "changes":
            continue
        else:
            if attempts <= retries:
                continue
            break
    return False


def cook_quietly(task: str, cwd: str, retries: int = 2) -> str | None:
    for _ in range(retries + 1):  # expect: RA301
        result = run_phase(task, cwd)
        if result.error is not None:  # the field that is None exactly when it succeeded
            continue
        return result.output
    return None


def task_closed(cwd: str) -> bool:
    return False


def review(cwd: str) -> str:
    return "approved"
