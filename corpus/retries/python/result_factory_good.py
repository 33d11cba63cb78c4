"""Phases that launch the agent and report through the result type; the
runner moves on to the next phase after a failure, and a failure of the task is reported,
never run again."""
import subprocess
from dataclasses import dataclass


@dataclass
class Ok:
    data: str
    success: bool = True


@dataclass
class Err:
    error: Exception
    success: bool = False


def success(data):
    return Ok(data)


def failure(error):
    return Err(error)


@dataclass
class RunReport:
    success: bool
    error: str = ""


def call_opencode(prompt, dry_run=False):
    if dry_run:
        return success("dry run")
    proc = subprocess.run(["opencode", "run", prompt], capture_output=True, text=True)
    if proc.returncode == 0:
        return success(proc.stdout)
    return failure(RuntimeError(proc.stderr))


def run_phases(state, phases):
    done = []
    for phase in phases:
        outcome = call_opencode(f"{state.prompt}\n\nPhase: {phase}")
        if not outcome.success:
            print(f"phase {phase} failed; moving on")
            continue
        done.append(phase)
    return done


def run_task(prompt):
    proc = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    if proc.returncode == 0:
        return RunReport(success=True)
    return RunReport(success=False, error=proc.stderr)


def run_once(prompt):
    report = run_task(prompt)
    if not report.success and "timeout" in report.error:
        print("the agent timed out; not retried")
    return report


class PromptExecutor:
    """Near miss: a guard clause that does not leave (it logs and falls through) makes
    the result say nothing of the run: the loop never sees the run fail."""

    def execute(self, prompt):
        for attempt in range(3):
            result = self._execute_once(prompt)
            if result.success:
                return result
        return None

    def _execute_once(self, prompt):
        proc = subprocess.run(["claude", "--print"], input=prompt, capture_output=True, text=True)
        if proc.returncode != 0:
            print(proc.stderr)
        return RunReport(success=True)


def pull_then_run(prompt):
    """The guard tests the `git pull` before the agent starts, not the agent's run (which
    raises when it fails): the result says nothing of the agent."""
    pulled = subprocess.run(["git", "pull"])
    if pulled.returncode != 0:
        return RunReport(success=False)
    subprocess.run(["claude", "-p", prompt], check=True)
    return RunReport(success=True)


def until_pulled(prompt):
    for _ in range(3):
        if pull_then_run(prompt).success:
            return True
    return False
