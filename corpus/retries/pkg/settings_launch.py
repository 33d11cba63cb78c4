"""Launches the agent a settings object names; the retry around it is in
pkg/settings_loop.py (the project index follows `settings.agent` to its default)."""

import subprocess
from dataclasses import dataclass


@dataclass
class AgentSettings:
    agent: str = "claude"
    workdir: str = "."


def attempt_task(settings, prompt: str) -> int:
    return subprocess.run([settings.agent, "-p", prompt], cwd=settings.workdir).returncode
