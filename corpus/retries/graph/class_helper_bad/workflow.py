"""Each workflow step runs the coding agent, through the class's retry helpers."""

import subprocess

from .recovery import Recovery, RetryPolicy


async def agent_step(prompt: str):
    async def run():
        return subprocess.run(["claude", "-p", prompt], check=True)

    return await Recovery.with_backoff(run, RetryPolicy())  # expect: RA301(error)


def review_step(diff: str):
    def run():
        return subprocess.run(["codex", "exec", f"review {diff}"], check=True)

    return Recovery.again(run)  # expect: RA301(error)
