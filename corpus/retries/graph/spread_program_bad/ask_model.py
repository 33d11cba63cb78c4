"""RA301: the loop re-runs the helper whose caller names `gemini` as its program."""

from .proc_stream import stream_process


async def ask(prompt: str) -> None:
    for attempt in range(3):  # expect: RA301(error)
        if await stream_process("gemini", ["--yolo", "-p", prompt]) == 0:
            return
