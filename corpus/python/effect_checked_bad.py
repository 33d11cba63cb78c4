"""Headless agent runs whose status is dropped, and nothing after them checks
what they were to do (RA203): the value read next is only logged, and a check that cannot
give up (both branches go on) decides nothing; what the run worked on, read back and
only logged, or something else read and tested, does not judge it either."""

import logging
import subprocess
from pathlib import Path

log = logging.getLogger(__name__)


def login() -> bool:
    subprocess.run(["gemini", "-p", "refresh the access token"], timeout=300)  # expect: RA203(warning)
    token = read_token()
    log.info("token: %s", bool(token))
    return True


def refresh(task: str) -> bool:
    subprocess.run(["codex", "exec", task])  # expect: RA203(warning)
    if changed_files():
        log.info("changed")
    else:
        log.info("nothing changed")
    return True


def session_logged(project: str) -> None:
    subprocess.run(["claude", "-p", "implement the next feature"], cwd=project)  # expect: RA203(warning)
    status = feature_status(project)
    log.info("after the session: %s", status)


def session_elsewhere(project: str, cache: str) -> None:
    subprocess.run(["claude", "-p", "implement the next feature"], cwd=project)  # expect: RA203(warning)
    stats = cache_stats(cache)
    if stats["hits"]:
        log.info("cache warm")


def feature_status(project: str) -> dict[str, int]:
    return {"completed": 0}


def cache_stats(cache: str) -> dict[str, int]:
    return {"hits": 0}


def read_token() -> str | None:
    return None


def changed_files() -> list[str]:
    return []


def open_review_session(project: str) -> None:
    subprocess.run(["claude", "-p", "Review the open pull requests"], cwd=project)  # expect: RA203(warning)


def review(project: str) -> None:
    # one call is checked, the other is not: the run's status is lost on the second
    open_review_session(project)
    if not reviews_posted(project):
        raise RuntimeError("no review posted")
    open_review_session(project)
    log.info("second review done")


def reviews_posted(project: str) -> bool:
    return False


def verify_loosely(project: str, progress_file: str) -> bool:
    # the check returns on success, and what follows it goes on as if the work were done
    subprocess.run(["claude", "-p", "Verify the work; append VERIFIED to PROGRESS.md"], cwd=project)  # expect: RA203(warning)
    text = open(progress_file).read()
    if "VERIFIED" in text:
        return True
    log.warning("not verified yet")
    return True


def judge_appended(prompt: str, out: str) -> str:
    # the file its command names is only appended to afterwards, never read back
    cmd = ["codex", "exec", "-o", out, prompt]
    subprocess.run(cmd, timeout=120)  # expect: RA203(warning)
    with open(out, "a") as handle:
        handle.write("\n-- judged\n")
    return out


def summarise_blind(summaries: Path) -> None:
    # the result is kept and never read, and nothing looks for the summary it was to write
    result = subprocess.run(["claude", "-p", "Write the summary."], timeout=3600)  # expect: RA203(warning)
    summary = summaries / "summary.md"
    log.info("summary at %s", summary)
