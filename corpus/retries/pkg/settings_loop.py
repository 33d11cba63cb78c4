"""Re-runs the launcher of pkg/settings_launch.py after any failure (RA301)."""

import time

from pkg.settings_launch import AgentSettings, attempt_task


def work(prompt: str) -> None:
    settings = AgentSettings()
    for attempt in range(4):  # expect: RA301(error)
        if attempt_task(settings, prompt) == 0:
            return
        time.sleep(15)
