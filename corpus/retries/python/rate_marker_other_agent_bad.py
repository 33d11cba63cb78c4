"""RA301 (warning): a bounded loop that runs `gemini` again when its error output mentions
a rate limit. No session is resumed, so the run starts over; the message names the
marker, not gptme's exit 75, which gemini never uses."""

import subprocess
import time


def summarise(prompt: str) -> str:
    for _ in range(3):  # expect: RA301(warning)
        proc = subprocess.run(["gemini", "-p", prompt], capture_output=True, text=True)
        if proc.returncode == 0:
            return proc.stdout
        if "rate limit" in proc.stderr.lower():
            time.sleep(60)
            continue
        raise RuntimeError(proc.stderr)
    raise RuntimeError("gave up")
