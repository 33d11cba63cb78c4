"""Near misses: a walk over work items goes on after a success too (each item is new
work), and a loop that stops at the first success of a probe runs no step."""

import shutil
import subprocess


def fix_all(tasks: list[str]) -> None:
    for task in tasks:
        try:
            subprocess.run(["claude", "-p", task], check=True)
        except subprocess.CalledProcessError:
            continue


def find_agent() -> str | None:
    for name in ("claude", "codex", "gemini"):
        if shutil.which(name):
            return name
    return None


def first_version() -> str:
    for name in ("claude", "codex"):
        done = subprocess.run([name, "--version"], capture_output=True, text=True)
        if done.returncode == 0:
            return done.stdout
    return ""


def review_each(diffs: tuple[str, str]) -> list[int]:
    # numbers that are not a count from 0 or 1, and a body that goes on after a success:
    # each turn is its own work
    codes = []
    for port in (8080, 8081):
        codes.append(subprocess.run(["codex", "exec", f"review {diffs} on {port}"]).returncode)
    return codes
