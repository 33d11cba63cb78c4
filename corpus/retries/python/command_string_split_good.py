"""Near miss: the agent's command kept as one string and split with `shlex.split`, run
once; a failure is reported, never re-run."""

import os
import shlex
import subprocess

CODEX_CMD = os.getenv("RESEARCH_CODEX_CMD", "npx @openai/codex@latest")


def research(prompt: str) -> str:
    done = subprocess.run(
        [*shlex.split(CODEX_CMD), "exec", "--json", prompt], capture_output=True, text=True
    )
    if done.returncode != 0:
        raise RuntimeError(f"codex failed with exit {done.returncode}: {done.stderr[-500:]}")
    return done.stdout
