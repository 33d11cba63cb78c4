"""The claude worker: one headless run per task, in the task's work tree."""

from __future__ import annotations

import subprocess

from workers.base import BaseWorker, Result
from workers.registry import register_worker


class ClaudeWorker(BaseWorker):
    AGENT_NAME = "claude"

    def run(self, task: str) -> Result:
        proc = subprocess.run(
            ["claude", "-p", task, "--dangerously-skip-permissions"],
            capture_output=True,
            text=True,
            check=True,
        )
        return Result(True, proc.stdout)


register_worker(ClaudeWorker())
