"""Runs whose output is examined, or whose status is read beside the output shown."""

import json
import logging
import subprocess

logger = logging.getLogger(__name__)


def verdict(task: str) -> str:
    result = subprocess.run(
        ["claude", "-p", task, "--output-format", "json"], capture_output=True, text=True
    )
    return json.loads(result.stdout)["result"]


def finished(task: str) -> bool:
    result = subprocess.run(["gemini", "-p", task], capture_output=True, text=True)
    if "DONE" in (result.stdout or ""):
        return True
    return False


def run_logged(task: str) -> int:
    result = subprocess.run(["codex", "exec", task], capture_output=True, text=True)
    logger.info("codex said: %s", result.stdout)
    return result.returncode
