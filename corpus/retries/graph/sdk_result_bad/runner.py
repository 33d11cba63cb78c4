"""A retry loop in another module that re-runs the whole task whenever the result says it
failed: the failed run's edits and commands happened, and the next run does them again."""
import asyncio

from executor import run_once
from results import RunResult


async def run_task(prompt: str, retries: int = 3) -> RunResult:
    result = RunResult(output="", success=False)
    for attempt in range(retries):  # expect: RA301(error)
        result = await run_once(prompt)
        if result.success:
            return result
        await asyncio.sleep(2**attempt)
    return result
