"""Near misses: the same logging, but an empty review fails the issue, and the first line is
kept for the caller, which tests it; a marker test whose `if` marks the task done, and a
verdict chosen by a test of the output: each run is judged by its output."""

import logging
import subprocess
from pathlib import Path

log = logging.getLogger(__name__)
SCRIPT = Path(__file__).parent / "run_judged_review.sh"


class ReviewFailedError(RuntimeError):
    pass


def run_review_judged(issue: str) -> str:
    proc = subprocess.Popen(
        [str(SCRIPT), issue], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    out, err = proc.communicate(timeout=600)
    log.info("review printed %d characters", len(out) if out else 0)
    if not out or len(out) == 0:
        raise ReviewFailedError(err)
    return out


def first_line_of_review(issue: str) -> str:
    proc = subprocess.Popen([str(SCRIPT), issue], stdout=subprocess.PIPE, text=True)
    out, _ = proc.communicate(timeout=600)
    first = ""
    if out:
        first = out.split("\n")[0]
        log.info("first line: %s", first[:60])
    return first


def handle_issue_judged(issue: str, seen: set[str]) -> None:
    run_review_judged(issue)
    if first_line_of_review(issue).startswith("FIXED"):
        seen.add(issue)


def review_marked(issue: str, tasks: dict[str, str]) -> None:
    proc = subprocess.Popen([str(SCRIPT), issue], stdout=subprocess.PIPE, text=True)
    out, _ = proc.communicate(timeout=600)
    if "<promise>DONE</promise>" in out:
        tasks.update({issue: "done"})


def review_state(issue: str, tasks: dict[str, str]) -> None:
    proc = subprocess.Popen([str(SCRIPT), issue], stdout=subprocess.PIPE, text=True)
    out, _ = proc.communicate(timeout=600)
    state = "done" if out.strip() else "failed"
    tasks.update({issue: state})
