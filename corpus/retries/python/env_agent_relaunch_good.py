"""Near misses: agents named through the environment, run once, or resumed only on the
transient exit (75) of a named session, a bounded number of times."""

import os
import subprocess
import time
from pathlib import Path

GPTME = Path(os.getenv("GPTME_BIN", "gptme"))


def resume(session: str, prompt: str) -> int:
    for attempt in range(5):
        rc = subprocess.run([GPTME, "--non-interactive", "--name", session, prompt]).returncode
        if rc != 75:
            return rc
        time.sleep(60 * 2**attempt)
    return 75


def run_once(prompt: str) -> None:
    claude = Path(os.getenv("CLAUDE_PATH", "claude"))
    if subprocess.run([claude, "-p", prompt]).returncode != 0:
        raise SystemExit("claude failed")


def open_editor(path: str) -> None:
    # Not an agent: the default is an editor.
    while subprocess.run([os.getenv("EDITOR", "vi"), path]).returncode != 0:
        time.sleep(1)
