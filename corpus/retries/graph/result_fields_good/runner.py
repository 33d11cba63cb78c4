import subprocess
from dataclasses import dataclass
from enum import Enum


class Status(Enum):
    DONE = "done"
    PARTIAL = "partial"
    FAILED = "failed"
    TIMED_OUT = "timed_out"


@dataclass
class Outcome:
    status: Status
    output: str
    return_code: int | None = None


def run_step(prompt: str) -> Outcome:
    argv = ["codex", "exec", prompt]
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        return Outcome(status=Status.TIMED_OUT, output="")
    if proc.returncode != 0:
        return Outcome(status=Status.FAILED, output=proc.stderr, return_code=proc.returncode)
    status = Status.DONE if "ALL DONE" in proc.stdout else Status.PARTIAL
    return Outcome(status=status, output=proc.stdout, return_code=proc.returncode)
