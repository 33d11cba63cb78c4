"""Phases that launch the agent and report through the result type: the
runner re-runs a failed phase whole (RA301), and re-runs a task when the failure text
names a timeout (a narrowed retry: warning)."""
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
        return success("dry run")  # before the process starts: says nothing of it
    proc = subprocess.run(["opencode", "run", prompt], capture_output=True, text=True)
    if proc.returncode == 0:
        return success(proc.stdout)
    return failure(RuntimeError(proc.stderr))


def build_phase(state):
    return call_opencode(state.prompt)


def recover(state, limit=3):
    state.tries = 0
    while state.enabled and state.tries < limit:  # expect: RA301(error)
        state.tries += 1
        retried = build_phase(state)
        if retried.success:
            return True
    return False


def run_task(prompt):
    proc = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    if proc.returncode == 0:
        return RunReport(success=True)
    return RunReport(success=False, error=proc.stderr)


def run_with_retry(prompt, attempts=3):
    report = None
    for _ in range(attempts):  # expect: RA301(warning)
        report = run_task(prompt)
        if report.success:
            return report
        if report.error and "timeout" in report.error.lower():
            continue
        return report
    return report


def run_checked(prompt):
    if subprocess.run(["claude", "-p", prompt]).returncode == 0: return RunReport(success=True)
    return RunReport(success=False)


def until_done(prompt, tries=3, verbose=False):
    attempts = 0
    while True:  # expect: RA301(error)
        attempts += 1
        if run_checked(prompt).success == True:
            return True
        if verbose and attempts >= tries:
            break
    return False


class PromptExecutor:
    """The failure returns early (a guard clause); what follows runs only on success."""

    def execute(self, prompt, delays=(1, 2, 4)):
        last = None
        for attempt in range(len(delays) + 1):  # expect: RA301(error)
            result = self._execute_once(prompt)
            if result.success and result.output:
                return result
            last = result
        return last

    def _execute_once(self, prompt):
        proc = subprocess.run(["claude", "--print"], input=prompt, capture_output=True, text=True)
        if proc.returncode != 0:
            return RunReport(success=False, error=proc.stderr)
        return RunReport(success=True)
