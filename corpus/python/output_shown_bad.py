"""An agent run whose status nothing reads and whose output is only shown."""

import logging
import subprocess

logger = logging.getLogger(__name__)


def check_weather() -> None:
    result = subprocess.run(  # expect: RA203(warning)
        ["claude", "-p", "--allowedTools", "WebSearch"],
        input="Check the weather in NYC",
        capture_output=True,
        text=True,
    )
    print(result.stdout or result.stderr)


def summarise(task: str) -> None:
    run = subprocess.run(["codex", "exec", task], capture_output=True, text=True)  # expect: RA203(warning)
    logger.info("codex said: %s", run.stdout)


def wake(prompt: str, log) -> None:
    # only the first characters of what it said reach the log: shown, not examined
    result = subprocess.run(["claude", "--print", "-p", prompt], capture_output=True, text=True)  # expect: RA203(warning)
    log(f"claude woken: {(result.stdout or '')[:100]}")
