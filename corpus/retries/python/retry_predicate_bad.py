"""RA301: the loop asks a predicate of the module whether to run the agent again; the
predicate's chain of returns says yes on any non-zero exit (but an auth failure)."""

import subprocess
import time
from dataclasses import dataclass

AUTH_MARKERS = ("invalid api key", "please run /login")


@dataclass
class Attempt:
    output: str
    exit_code: int


def run_claude(prompt: str) -> Attempt:
    done = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    return Attempt(output=done.stdout + done.stderr, exit_code=done.returncode)


def _is_auth_failure(attempt: Attempt) -> bool:
    text = attempt.output.lower()
    return any(marker in text for marker in AUTH_MARKERS)


def _should_retry(attempt: Attempt) -> bool:
    """Whether another run may help."""
    if attempt.exit_code == 0:
        return False
    if _is_auth_failure(attempt):
        return False
    return True


def implement(prompt: str) -> Attempt:
    for tries in range(3):  # expect: RA301(error)
        attempt = run_claude(prompt)
        if not _should_retry(attempt):
            return attempt
        time.sleep(2**tries)
    raise RuntimeError("claude kept failing")


def _rate_limited(done: subprocess.CompletedProcess[str]) -> bool:
    return done.returncode == 75 or "rate limit" in done.stderr.lower()


def nightly(prompt: str) -> int:
    # narrowed to the rate limit, but a fresh session each time: the failed run's tool
    # calls happen again
    for _ in range(3):  # expect: RA301(warning)
        done = subprocess.run(["gptme", "--non-interactive", prompt], capture_output=True)
        if not _rate_limited(done):
            return done.returncode
        time.sleep(600)
    return 75
