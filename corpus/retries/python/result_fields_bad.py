"""RA301: a helper returns a result object whose output field comes first and whose
`success` field says how the run ended; the loop re-runs it until `success` holds (and
an enum whose members are not written in capitals)."""

import enum
import os
import subprocess
import time
from dataclasses import dataclass

CLAUDE = os.getenv("CLAUDE_CODE_PATH", "claude")


@dataclass
class Response:
    output: str
    success: bool


def prompt_claude(prompt: str) -> Response:
    try:
        done = subprocess.run([CLAUDE, "-p", prompt], capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        return Response(output="timed out", success=False)
    if done.returncode == 0:
        return Response(output=done.stdout, success=True)
    return Response(output=done.stderr, success=False)


def prompt_with_retry(prompt: str) -> Response:
    response = Response(output="", success=False)
    for attempt in range(4):  # expect: RA301(error)
        response = prompt_claude(prompt)
        if response.success:
            return response
        time.sleep(2**attempt)
    return response


class Outcome(enum.Enum):
    ok = "ok"
    failed = "failed"


@dataclass
class Run:
    log: str
    outcome: Outcome


def run_once(prompt: str) -> Run:
    done = subprocess.run([CLAUDE, "-p", prompt], capture_output=True, text=True)
    if done.returncode == 0:
        return Run(done.stdout, Outcome.ok)
    return Run(done.stderr, Outcome.failed)


def until_ok(prompt: str) -> Run:
    run = Run("", Outcome.failed)
    for _ in range(3):  # expect: RA301(error)
        run = run_once(prompt)
        if run.outcome == Outcome.ok:
            break
    return run
