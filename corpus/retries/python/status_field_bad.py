"""RA301: a helper returns a result object holding the run's exit code; the loop re-runs
it until that field is 0 (compared, or read as a truth value); beside a status field set
to a constant in each branch, the loop reads that one."""

import asyncio
import enum
import os
import subprocess
import time
from dataclasses import dataclass
from typing import Final

DEFAULT_BIN: Final[str] = "codex"


@dataclass
class RunResult:
    output: str
    exit_code: int


def codex_binary() -> str:
    return os.environ.get("CODEX_BIN") or DEFAULT_BIN


async def spawn(prompt: str) -> RunResult:
    argv = [codex_binary(), "exec", "--full-auto", prompt]
    proc = await asyncio.create_subprocess_exec(*argv, stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    return RunResult(output=out.decode(errors="replace"), exit_code=proc.returncode)


async def implement(prompt: str) -> RunResult:
    result = RunResult(output="", exit_code=-1)
    for attempt in range(5):  # expect: RA301(error)
        result = await spawn(prompt)
        if result.exit_code == 0:
            return result
        await asyncio.sleep(2**attempt)
    return result


def run_review(diff: str) -> RunResult:
    done = subprocess.run(["claude", "-p", diff], capture_output=True, text=True)
    return RunResult(output=done.stdout, exit_code=done.returncode)


def review(diff: str) -> RunResult:
    for _ in range(3):  # expect: RA301(error)
        result = run_review(diff)
        if not result.exit_code:
            return result
        time.sleep(30)
    raise RuntimeError("review failed")


class Outcome(enum.Enum):
    SUCCESS = "success"
    FAILURE = "failure"
    TIMEOUT = "timeout"


@dataclass
class Execution:
    outcome: Outcome
    returncode: int | None


def execute(prompt: str) -> Execution:
    try:
        done = subprocess.run(["claude", "-p", prompt], capture_output=True, timeout=1800)
    except subprocess.TimeoutExpired:
        return Execution(outcome=Outcome.TIMEOUT, returncode=None)
    if done.returncode == 0:
        return Execution(outcome=Outcome.SUCCESS, returncode=done.returncode)
    return Execution(outcome=Outcome.FAILURE, returncode=done.returncode)


def execute_with_retry(prompt: str) -> Execution:
    execution = Execution(outcome=Outcome.FAILURE, returncode=None)
    for _ in range(3):  # expect: RA301(error)
        execution = execute(prompt)
        if execution.outcome == Outcome.SUCCESS:
            return execution
        time.sleep(60)
    return execution
