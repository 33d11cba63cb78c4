"""A loop that runs the agent again only when its output does not parse; a failed run
ends it at once."""

import json
import subprocess

NUM_RETRIES = 3


def audit(prompt: str) -> tuple[bool, dict[str, object]]:
    cmd = ["claude", "--output-format", "json"]
    for attempt in range(NUM_RETRIES):
        result = subprocess.run(cmd, input=prompt, capture_output=True, text=True)
        if result.returncode != 0:
            return False, {"error": result.stderr}
        try:
            return True, json.loads(result.stdout)
        except ValueError:
            if attempt == NUM_RETRIES - 1:
                return False, {"error": "unparsable output"}
    return False, {"error": "unreachable"}


def paced(prompt: str, max_retries: int = 3) -> bool:
    # the attempts left only pace the rounds: a failed run ends the loop at once
    cmd = ["claude", "--print", prompt]
    for attempt in range(1, max_retries + 1):
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            return False
        if "DONE" in result.stdout:
            return True
        if attempt < max_retries:
            print(f"not done yet after attempt {attempt}")
    return False
