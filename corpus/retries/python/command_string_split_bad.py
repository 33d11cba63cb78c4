"""RA301: the agent's command is kept as one string (overridable from the environment)
and split into words with `shlex.split`; the loop re-runs it on any non-zero exit."""

import os
import shlex
import subprocess
import time

CODEX_CMD = os.getenv("RESEARCH_CODEX_CMD", "npx @openai/codex@latest")


def research(prompt: str) -> str:
    base = shlex.split(CODEX_CMD)
    for attempt in range(3):  # expect: RA301(error)
        done = subprocess.run([*base, "exec", "--json", prompt], capture_output=True, text=True)
        if done.returncode == 0:
            return done.stdout
        time.sleep(5 * (attempt + 1))
    raise RuntimeError("codex kept failing")
