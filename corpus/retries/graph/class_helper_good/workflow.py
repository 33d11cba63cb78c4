"""A status read retried through the class's helper, and an agent run given one attempt."""

import subprocess
import urllib.request

from .recovery import Recovery, RetryPolicy


async def wait_ready(url: str):
    def probe():
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status

    return await Recovery.with_backoff(probe, RetryPolicy())


def review_once(diff: str):
    def run():
        return subprocess.run(["codex", "exec", f"review {diff}"], check=True)

    return Recovery.again(run, tries=1)
