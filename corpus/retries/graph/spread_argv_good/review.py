import asyncio

from .agent import Fetcher, ReviewAgent


async def fetch_once(workdir):
    try:
        return await Fetcher(workdir).fetch("origin")
    except Exception:
        return None


async def sync(workdir):
    for attempt in range(5):
        if await fetch_once(workdir):
            return True
        await asyncio.sleep(2**attempt)
    return False


async def review(workdir, task):
    try:
        return await ReviewAgent(workdir).ask(f"Review: {task}")
    except Exception:
        return None
