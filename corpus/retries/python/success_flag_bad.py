"""Helpers that return whether the agent succeeded (`returncode == 0`, or a tuple whose first
item says so), re-run in a loop until they report success (RA301)."""

import asyncio
import subprocess
import time


def build_command(prompt: str) -> list[str]:
    return ["codex", "exec", "--json", prompt]


async def run_once(cmd: list[str]) -> tuple[bool, str, str]:
    proc = await asyncio.create_subprocess_exec(*cmd, stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    if proc.returncode != 0:
        return False, out.decode(), "failed"
    return True, out.decode(), "ok"


async def run(prompt: str) -> str | None:
    cmd = build_command(prompt)
    for attempt in range(3):  # expect: RA301(error)
        ok, output, kind = await run_once(cmd)
        if ok:
            return output
        await asyncio.sleep(2**attempt)
    return None


def attempt(prompt: str) -> bool:
    result = subprocess.run(["claude", "-p", prompt], capture_output=True)
    return result.returncode == 0


def until_done(prompt: str) -> None:
    for _ in range(5):  # expect: RA301(error)
        if attempt(prompt):
            break
        time.sleep(30)
