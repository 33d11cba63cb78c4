"""Near misses of effect_checked_bad: each dropped status is followed by a check of what the
run was to do that gives up when it is missing (a credential it must save, changes it must
make), so the run is judged by its effect."""

import subprocess
import sys


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


def read_token() -> str | None:
    return None


def changed_files() -> list[str]:
    return []


def have_changelog() -> bool:
    return False
