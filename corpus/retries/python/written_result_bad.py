"""RA301: the runner makes its result object first and writes its failure flag where
the run fails (a non-zero exit, an exception); the loops re-run it until the flag says
it did not (`not result.is_error`, `result.is_error is False`)."""

import subprocess
import time
from dataclasses import dataclass


@dataclass
class AgentResult:
    text: str = ""
    is_error: bool = False


def run_claude(prompt: str) -> AgentResult:
    result = AgentResult()
    try:
        proc = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
        result.text = proc.stdout
        if proc.returncode != 0:
            result.is_error = True
    except OSError as error:
        result.text = str(error)
        result.is_error = True
    return result


def orchestrate(prompt: str) -> AgentResult:
    result = AgentResult()
    for attempt in range(3):  # expect: RA301(error)
        result = run_claude(prompt)
        if not result.is_error:
            break
        time.sleep(2**attempt)
    return result


def review(prompt: str) -> str:
    for _ in range(5):  # expect: RA301(error)
        outcome = run_claude(prompt)
        if outcome.is_error is False:
            return outcome.text
    return ""
