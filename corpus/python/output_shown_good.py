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


def finished_shown(prompt: str, log) -> bool:
    # a slice of the output shown, and its end examined for the marker
    result = subprocess.run(["claude", "--print", "-p", prompt], capture_output=True, text=True)
    log(f"claude said: {result.stdout[:100]}")
    return "TASK COMPLETE" in result.stdout[-200:]
