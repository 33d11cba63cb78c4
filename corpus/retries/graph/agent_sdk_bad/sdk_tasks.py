import asyncio

from sdk_sessions import TaskSession


async def complete(task, workdir):
    session = TaskSession(workdir)
    for attempt in range(3):  # expect: RA301
        try:
            return await session.run(task)
        except Exception:
            await asyncio.sleep(10 * (attempt + 1))
    raise RuntimeError(f"task failed: {task}")
