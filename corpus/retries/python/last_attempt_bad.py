"""A retry loop that gives up on its last attempt (`attempt == NUM_RETRIES - 1`) and also
runs again once when the output does not parse: a failure re-runs the agent."""

import json
import subprocess
import time

NUM_RETRIES = 3


def parse(text: str) -> tuple[bool, object]:
    try:
        return True, json.loads(text)
    except ValueError:
        return False, None


def audit(prompt: str) -> tuple[bool, object]:
    cmd = ["claude", "--output-format", "json"]
    for attempt in range(NUM_RETRIES):  # expect: RA301(error)
        result = subprocess.run(cmd, input=prompt, capture_output=True, text=True)
        if result.returncode != 0:
            if attempt == NUM_RETRIES - 1:
                return False, result.stderr
            time.sleep(5 * attempt)
            continue
        ok, parsed = parse(result.stdout)
        if ok:
            return True, parsed
        else:
            if attempt == 0:
                continue  # unparsable output: once more
            else:
                return False, "unparsable output"
    return False, "unreachable"


def verified(prompt: str, cwd: str, max_retries: int = 3) -> bool:
    # the attempts left, tested as `attempt < max_retries`, bound the retry: they do not
    # narrow which failures go round
    cmd = ["claude", "--print", prompt]
    for attempt in range(1, max_retries + 1):  # expect: RA301(error)
        result = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
        if result.returncode != 0:
            if attempt < max_retries:
                time.sleep(2**attempt)
                continue
            return False
        if json.loads(result.stdout).get("done"):
            return True
        if max_retries <= attempt:
            return False
    return False
