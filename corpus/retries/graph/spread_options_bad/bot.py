"""RA301: the keywords are a local mapping written in the caller and spread into the
call (`options = dict(binary=AGENT_BIN, …)`, `**options`), so `run_turn` runs `claude`
here, and the retry loop re-runs it after any failure."""

import os

from .turns import run_turn

AGENT_BIN = os.environ.get("AGENT_BIN", "claude")


def reply_to_thread(prompt: str, workdir: str) -> str:
    options = dict(binary=AGENT_BIN, cwd=workdir)
    for attempt in range(3):  # expect: RA301(error)
        try:
            return run_turn(prompt, **options)
        except Exception:
            continue
    return ""
