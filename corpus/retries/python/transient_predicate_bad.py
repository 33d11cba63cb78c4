"""RA301 (warning): the orchestrator re-runs a failed run only while its error text
is transient (the module's own predicate), but each attempt is a fresh `claude`
run, so a run cut off by a rate limit halfway repeats its tool calls."""

import subprocess
from dataclasses import dataclass


@dataclass
class RunResult:
    status: str
    error: str | None = None


def is_transient_error(message: str | None) -> bool:
    if not message:
        return False
    lower = message.lower()
    return any(pattern in lower for pattern in ("overloaded", "529", "timed out"))


def execute_single_run(prompt: str) -> RunResult:
    proc = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    if proc.returncode != 0:
        return RunResult("failure", proc.stderr)
    return RunResult("success")


def run_with_retries(prompt: str) -> RunResult:
    result = execute_single_run(prompt)
    attempt = 0
    while result.status == "failure" and is_transient_error(result.error) and attempt < 3:  # expect: RA301(warning)
        attempt += 1
        result = execute_single_run(prompt)
    return result
