"""Near misses of threaded_run_bad.py: the thread's result is checked, or the run raises."""

import asyncio
import subprocess


async def review(diff: str) -> str:
    result = await asyncio.to_thread(
        subprocess.run, ["claude", "-p", f"Review this diff:\n{diff}"], capture_output=True
    )
    if result.returncode != 0:
        raise RuntimeError(f"claude failed: {result.stderr!r}")
    return result.stdout.decode()


async def fix(task: str) -> None:
    await asyncio.to_thread(subprocess.run, ["codex", "exec", "--full-auto", task], check=True)


async def unrelated(path: str) -> str:
    return await asyncio.to_thread(open(path).read)


async def lint(path: str) -> None:
    loop = asyncio.get_running_loop()
    done = await loop.run_in_executor(None, subprocess.call, ["aider", "--message", f"Fix {path}"])
    if done != 0:
        raise RuntimeError(f"aider exited {done}")
