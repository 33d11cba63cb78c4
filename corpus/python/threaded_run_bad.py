"""Agent runs handed to a thread: `asyncio.to_thread(f, *args, **kwargs)` makes the call
`f(*args, **kwargs)` and returns its value, so the status is lost as in a direct call."""

import asyncio
import subprocess
from asyncio import to_thread


async def review(diff: str) -> None:
    result = await asyncio.to_thread(  # expect: RA203(warning)
        subprocess.run, ["claude", "-p", f"Review this diff:\n{diff}"], capture_output=True
    )
    print("review finished")


async def fix(task: str) -> None:
    await to_thread(subprocess.run, ["codex", "exec", "--full-auto", task])  # expect: RA203(warning)


async def lint(path: str) -> None:
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, subprocess.run, ["aider", "--message", f"Fix {path}"])  # expect: RA203(warning)
