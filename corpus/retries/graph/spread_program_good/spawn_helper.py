"""The same helper, given a program that is no agent."""

import asyncio


async def spawn_process(program: str, args: list[str]) -> int:
    process = await asyncio.create_subprocess_exec(program, *args)
    return await process.wait()
