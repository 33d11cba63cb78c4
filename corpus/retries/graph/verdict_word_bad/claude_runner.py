"""Runs claude once and says whether it succeeded, first in a tuple."""

import asyncio


async def run_claude(prompt: str) -> tuple[bool, str]:
    proc = await asyncio.create_subprocess_exec(
        "claude",
        "-p",
        prompt,
        "--dangerously-skip-permissions",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await proc.communicate()
    if proc.returncode == 0:
        return True, out.decode()
    return False, err.decode()
