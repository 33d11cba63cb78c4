"""Retries in another module around the acting queries of `actions`: a failed run's
edits and commands happened, and the retry runs them again."""
import asyncio

from actions import Fixer, implement


async def implement_with_retries(task: str) -> str:
    for attempt in range(3):  # expect: RA301(error)
        try:
            return await implement(task)
        except Exception:
            await asyncio.sleep(2**attempt)
    return ""


async def fix_with_retries(failure: str) -> str:
    fixer = Fixer("claude-sonnet-4-5")
    for attempt in range(3):  # expect: RA301(error)
        try:
            return await fixer.fix(failure)
        except Exception:
            await asyncio.sleep(2**attempt)
    return ""
