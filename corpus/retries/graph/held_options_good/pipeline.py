"""Retries in another module around the answer-only queries of `answers`: no RA301."""
import asyncio

from answers import Summarizer, outline


async def plan_with_retries(task: str) -> str:
    for attempt in range(3):
        try:
            return await outline(task)
        except Exception:
            await asyncio.sleep(2**attempt)
    return ""


async def summary_with_retries(text: str) -> str:
    summarizer = Summarizer("claude-haiku-4-5")
    for attempt in range(3):
        try:
            return await summarizer.summarize(text)
        except Exception:
            await asyncio.sleep(2**attempt)
    return ""
