"""Near miss: the loop reuses the flag name for a second call; the request's own failure
leaves the loop (`return`), and only the job queue's is tried again at once."""

from typing import Any

from openai import AsyncOpenAI

summariser = AsyncOpenAI()


async def summarise(text: str) -> tuple[bool, str]:
    try:
        reply = await summariser.chat.completions.create(model="gpt-4o", messages=[])
        return True, reply.choices[0].message.content or ""
    except Exception:
        return False, ""


async def take_job(queue: Any) -> tuple[bool, str]:
    job = await queue.get()
    return job is not None, job or ""


async def serve(queue: Any, board: Any) -> None:
    while True:
        ok, job = await take_job(queue)
        if not ok:
            continue
        ok, status = await summarise(job)
        if not ok:
            return
        await board.post(job, status)
