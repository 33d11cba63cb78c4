"""Launches the agent; the retry around it lives in pkg/loop.py."""

import shutil
import subprocess

GPTME = shutil.which("gptme") or "gptme"


def execute_gptme(prompt: str, workspace: str) -> int:
    cmd = [GPTME, "--non-interactive", "--workspace", workspace, prompt]
    return subprocess.run(cmd, timeout=3600).returncode
