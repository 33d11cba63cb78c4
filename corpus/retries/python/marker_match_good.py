"""Near miss: a bounded loop that resumes the named session only when a rate-limit marker
is found (`RATE_LIMIT.search(err) is not None`) and stops at any other failure: the
intended recovery."""
import re
import subprocess
import time

RATE_LIMIT = re.compile(r"rate limit|429|overloaded", re.IGNORECASE)


def resume(session: str, prompt: str, attempts: int = 4) -> str:
    for attempt in range(attempts):
        proc = subprocess.run(
            ["claude", "-p", "--resume", session, prompt], capture_output=True, text=True
        )
        if proc.returncode == 0:
            return proc.stdout
        if RATE_LIMIT.search(proc.stderr) is not None:
            time.sleep(60 * (attempt + 1))
            continue
        raise RuntimeError(f"claude failed: {proc.stderr.strip()}")
    raise RuntimeError("still rate limited")
