"""RA301: a retry narrowed by a predicate of the failure's text (`is_overloaded(str(e))`,
also through a name holding the text): the message says which failures go round, and
those are re-runs of the whole agent step."""

import subprocess
import time


def run(prompt: str) -> str:
    proc = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr)
    return proc.stdout


def is_overloaded(text: str) -> bool:
    return bool("overloaded" in text.lower() or "529" in text)


def review(prompt: str) -> str:
    for attempt in range(4):  # expect: RA301(warning)
        try:
            return run(prompt)
        except RuntimeError as error:
            message = str(error)
            if attempt < 3 and is_overloaded(message):
                time.sleep(2**attempt)
                continue
            raise
    raise RuntimeError("unreachable")
