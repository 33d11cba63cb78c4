"""A status read retried through the class's helper: it repeats nothing."""

import urllib.request

from .recovery import Recovery, RetryPolicy


async def wait_ready(url: str):
    def probe():
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status

    return await Recovery.with_backoff(probe, RetryPolicy())

