"""RA301: a review runs through the adapter the registry gives for each agent in turn;
a failed run (the adapter raises, caught here as None) goes on to the next agent, which
starts the review over with tools on."""

import logging

from .cli.base import get_adapter

logger = logging.getLogger(__name__)


async def run_single(name: str, prompt: str, cwd: str) -> str | None:
    try:
        adapter = get_adapter(name)
        return await adapter.run_review(prompt, cwd)
    except Exception as exc:
        logger.warning("%s failed: %s", name, exc)
        return None


async def review(prompt: str, cwd: str, order: list[str]) -> str:
    for name in order:  # expect: RA301(error)
        output = await run_single(name, prompt, cwd)
        if output is not None:
            return output
    raise RuntimeError("every agent failed")
