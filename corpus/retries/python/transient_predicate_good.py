"""Near miss: the same transient predicate, but a retry resumes the named session
(its work so far is kept), a bounded number of times."""

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


def resume_run(session: str) -> RunResult:
    proc = subprocess.run(
        ["claude", "--resume", session, "-p", "continue"], capture_output=True, text=True
    )
    if proc.returncode != 0:
        return RunResult("failure", proc.stderr)
    return RunResult("success")


def resume_with_retries(session: str) -> RunResult:
    result = resume_run(session)
    attempt = 0
    while result.status == "failure" and is_transient_error(result.error) and attempt < 3:
        attempt += 1
        result = resume_run(session)
    return result
