import asyncio

from .agent import ReviewAgent


async def review_once(workdir, task):
    try:
        async with ReviewAgent(workdir) as agent:
            answer = await asyncio.wait_for(agent.ask(f"Review and fix: {task}"), 900)
            return answer
    except Exception:
        return None


async def review(workdir, task):
    for attempt in range(3):  # expect: RA301
        answer = await review_once(workdir, task)
        if answer:
            return answer
        await asyncio.sleep(10 * (attempt + 1))
    return None
