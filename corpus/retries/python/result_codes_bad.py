"""RA301: a helper returns a result whose `retry_code` takes some values only when the
run failed; the attempt loop goes round on those while attempts are left."""

import enum
import subprocess
import time
from dataclasses import dataclass


class RetryCode(enum.Enum):
    NONE = "none"
    AGENT_ERROR = "agent_error"
    TIMEOUT_ERROR = "timeout_error"


@dataclass
class Response:
    output: str
    retry_code: RetryCode


def prompt_agent(prompt: str) -> Response:
    try:
        done = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return Response("timed out", RetryCode.TIMEOUT_ERROR)
    if done.returncode != 0:
        return Response(done.stderr, retry_code=RetryCode.AGENT_ERROR)
    return Response(done.stdout, retry_code=RetryCode.NONE)


def prompt_with_retry(prompt: str, max_retries: int = 3) -> Response:
    response = Response("", RetryCode.NONE)
    for attempt in range(max_retries + 1):  # expect: RA301(error)
        if attempt > 0:
            time.sleep(2 * attempt)
        response = prompt_agent(prompt)
        if response.retry_code in (RetryCode.AGENT_ERROR, RetryCode.TIMEOUT_ERROR):
            if attempt < max_retries:
                continue
        return response
    return response


def prompt_until_on_time(prompt: str, max_retries: int = 3) -> Response:
    response = Response("", RetryCode.NONE)
    for attempt in range(max_retries + 1):  # expect: RA301(warning)
        response = prompt_agent(prompt)
        if response.retry_code == RetryCode.TIMEOUT_ERROR:  # one of the failure's values
            if attempt < max_retries:
                continue
        return response
    return response
