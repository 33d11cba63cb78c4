"""Runs the review script beside this module, found from `__file__`, and only logs what it
printed: a test of the output whose `if` only logs, and a length chosen by a test for a log
line, judge nothing, so a failed review is marked as handled."""

import logging
import subprocess
from pathlib import Path

log = logging.getLogger(__name__)
SCRIPT = Path(__file__).parent / "run_review.sh"


def run_review_logged(issue: str) -> str:
    proc = subprocess.Popen(  # expect: RA203(warning)
        [str(SCRIPT), issue], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    out, err = proc.communicate(timeout=600)
    log.info("review printed %d characters", len(out) if out else 0)
    if out and len(out) > 0:
        first = out.split("\n")[0]
        log.info("first line: %s", first[:60])
    if err:
        log.error("stderr: %s", err)
    return out


def handle_issue_logged(issue: str, seen: set[str]) -> None:
    run_review_logged(issue)
    seen.add(issue)
