"""The application's retry for whatever runnable it is handed."""

import asyncio

from google.api_core.exceptions import InternalServerError


async def with_server_retries(runnable, payload, tries=3):
    for attempt in range(tries):
        try:
            return await runnable.ainvoke(payload)
        except InternalServerError:
            await asyncio.sleep(2**attempt)
    raise RuntimeError("the model kept failing")
