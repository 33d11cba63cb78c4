"""Near misses of effect_checked_bad: each dropped status is followed by a check of what the
run was to do that gives up when it is missing (a credential it must save, changes it must
make), so the run is judged by its effect."""

import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger(__name__)


def login() -> bool:
    subprocess.run(["claude"], timeout=300)
    token = read_token()
    if token:
        return True
    else:
        return False


def refresh(task: str) -> None:
    subprocess.run(["codex", "exec", task])
    if not changed_files():
        raise RuntimeError("the agent changed nothing")


def main() -> None:
    subprocess.run(["gemini", "-p", "write CHANGELOG.md"])
    if not have_changelog():
        sys.exit(1)


def sessions(project: str, count: int, interactive: bool) -> None:
    """Each session is judged by the features file it must update: read back from the
    project the run worked in (after whichever branch ran it) and tested."""
    done = 0
    for _ in range(count):
        if interactive:
            subprocess.run(["claude"], cwd=project)
        else:
            try:
                run_headless(project)
            except subprocess.TimeoutExpired:
                log.warning("the session timed out")
        status = feature_status(project)
        log.info("after the session: %s", status)
        if status["completed"] > done:
            done = status["completed"]
        else:
            log.warning("no feature completed")


def run_headless(project: str) -> bool:
    proc = subprocess.run(["claude", "-p", "implement the next feature"], cwd=project)
    return proc.returncode == 0


def feature_status(project: str) -> dict[str, int]:
    return {"completed": 0}


def read_token() -> str | None:
    return None


def changed_files() -> list[str]:
    return []


def have_changelog() -> bool:
    return False


def open_setup_session(project: str) -> None:
    subprocess.run(["claude", "Set up the project: write SETUP_DONE when finished"], cwd=project)


def set_up(project: str) -> bool:
    # the function above ends with the run: each call of it is checked right after
    open_setup_session(project)
    if not setup_done(project):
        log.error("setup did not finish")
        return False
    return True


def setup_done(project: str) -> bool:
    return False


def verify(project: str, progress: Path) -> bool:
    # the check returns on success with no `else`: what follows it is the failing branch
    subprocess.run(["claude", "-p", f"Verify the work; append VERIFIED to {progress}"], cwd=project)
    text = progress.read_text(encoding="utf-8")
    if "VERIFIED" in text:
        return True
    progress.write_text(text + "\nverification failed\n", encoding="utf-8")
    return False


def judge(prompt: str, out: str) -> str:
    """The judge writes its verdict to the file its command names, read right after."""
    cmd = ["codex", "exec", "--sandbox", "read-only", "-o", out, prompt]
    subprocess.run(cmd, capture_output=True, timeout=120)
    with open(out, encoding="utf-8") as handle:
        return handle.read().strip()


def summarise(round_number: int, summaries: Path) -> None:
    """The summary run is judged by the file it must write (its result kept, never read)."""
    result = subprocess.run(["claude", "-p", "Write the round summary."], timeout=3600)
    summary = summaries / f"round_{round_number:02d}.md"
    if summary.exists():
        log.info("summary: %s", summary.name)
    else:
        log.warning("summary not generated")
