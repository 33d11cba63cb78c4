"""Near miss: the same result codes in a loop that works through its iterations (each
takes the next task from the plan): a failed one is logged and skipped, as new work
follows whatever the result, and no test of attempts left sends it round."""

import enum
import logging
import subprocess
from dataclasses import dataclass


class RetryCode(enum.Enum):
    NONE = "none"
    AGENT_ERROR = "agent_error"


@dataclass
class Response:
    output: str
    retry_code: RetryCode


def prompt_agent(prompt: str) -> Response:
    done = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    if done.returncode != 0:
        return Response(done.stderr, retry_code=RetryCode.AGENT_ERROR)
    return Response(done.stdout, retry_code=RetryCode.NONE)


def work_through_plan(iterations: int) -> None:
    for iteration in range(iterations):
        response = prompt_agent("take the next unchecked task in PLAN.md")
        if response.retry_code == RetryCode.AGENT_ERROR:
            logging.warning("iteration %d failed", iteration)
            continue
        logging.info("iteration %d: %s", iteration, response.output[:80])
