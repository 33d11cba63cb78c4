"""A loop written to run once (`range(1)`: one round) repeats nothing: the client's own
retries are the only ones, so nothing is stacked on them (no RA401)."""

import logging

from .clients import get_client

logger = logging.getLogger(__name__)


async def answer(messages: list[dict[str, str]]) -> str:
    client = get_client()
    for _round in range(1):
        try:
            response = await client.chat.completions.create(model="gpt-4o-mini", messages=messages)
        except Exception as error:
            logger.error("completion failed: %s", error)
            continue
        return response.choices[0].message.content or ""
    return ""
