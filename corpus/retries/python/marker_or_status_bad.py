"""A retry whose test is a status test or a rate-limit marker (`rc != 0 or
RATE_LIMIT.search(out) is not None`): the status operand alone sends every failed run
round again, so the retry is blanket, not a rate-limit wait."""
import re
import subprocess
import time

RATE_LIMIT = re.compile(r"rate limit|429|overloaded", re.IGNORECASE)


def run_codex(prompt: str, attempts: int = 4) -> str:
    for attempt in range(attempts):  # expect: RA301(error)
        proc = subprocess.run(["codex", "exec", prompt], capture_output=True, text=True)
        if proc.returncode != 0 or RATE_LIMIT.search(proc.stderr) is not None:
            time.sleep(30 * (attempt + 1))
            continue
        return proc.stdout
    raise RuntimeError("codex kept failing")
