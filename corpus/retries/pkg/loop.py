"""The run loop: re-runs the launcher from pkg/launch.py after any failure."""

import logging
import time

from pkg.launch import execute_gptme

log = logging.getLogger(__name__)


def run(prompt: str, workspace: str) -> None:
    for attempt in range(5):  # expect: RA301(error)
        try:
            if execute_gptme(prompt, workspace) == 0:
                return
        except Exception:
            log.exception("agent run failed")
        time.sleep(30 * (attempt + 1))
