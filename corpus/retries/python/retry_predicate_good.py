"""Near miss: the loop asks a predicate whether to resume the named session; it says yes
only when the run was rate-limited (exit 75), a bounded resume on the transient
condition."""

import subprocess
import time

TEMPFAIL = 75


def run_session(session: str, prompt: str) -> subprocess.CompletedProcess[str]:
    argv = ["gptme", "--name", session, "--non-interactive", prompt]
    return subprocess.run(argv, capture_output=True, text=True)


def _rate_limited(done: subprocess.CompletedProcess[str]) -> bool:
    if done.returncode == TEMPFAIL:
        return True
    return False


def work(session: str, prompt: str) -> int:
    for _ in range(3):
        done = run_session(session, prompt)
        if not _rate_limited(done):
            return done.returncode
        time.sleep(600)
    return TEMPFAIL
