"""The agent is read from the settings by its key and started without a wait: its status
is lost."""

import subprocess

from . import settings


def start_agent(task_file: str) -> int:
    process = subprocess.Popen([settings.AGENT_CMD, "--yes", "-f", task_file])  # expect: RA203(warning)
    return process.pid

