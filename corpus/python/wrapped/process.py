"""Generic process helpers: what they run is decided by their callers (wrapped/jobs.py)."""

import logging
import subprocess

log = logging.getLogger(__name__)


def run_command(cmd: list[str], cwd: str | None = None) -> subprocess.CompletedProcess[bytes]:
    log.info("running %s", cmd[0])
    return subprocess.run(cmd, cwd=cwd)


def run_logged(cmd: list[str]) -> str:
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        log.error("%s exited %d", cmd[0], result.returncode)
    return result.stdout
