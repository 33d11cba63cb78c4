"""A helper that runs the program its caller names, with the arguments it is given
(`create_subprocess_exec(program, *args)`): the caller's first argument is the program."""

import asyncio


async def stream_process(program: str, args: list[str]) -> int:
    process = await asyncio.create_subprocess_exec(program, *args)
    return await process.wait()
