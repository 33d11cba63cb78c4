"""Near misses for loop items: the items are no agents, the status is read, the name is
set again before the run, and a loop that may not run leaves the value before it."""

import shutil
import subprocess
import sys

CLAUDE_BIN = None
for candidate in ("claude", "/usr/local/bin/claude"):
    if shutil.which(candidate):
        CLAUDE_BIN = candidate
        break


def review(prompt: str) -> int:
    return subprocess.run([CLAUDE_BIN, "-p", prompt]).returncode


def lint() -> None:
    for tool in ("ruff", "mypy"):
        subprocess.run([tool, "."])


def replaced(prompt: str) -> None:
    for agent in ("claude", "codex"):
        agent = "echo"
        subprocess.run([agent, prompt])


def maybe_none(prompt: str, extra: list[str]) -> None:
    program = "echo"
    for program in extra:
        print(program)
    subprocess.run([program, prompt])


def each_checked(prompt: str) -> None:
    for agent in ("aider", "claude"):
        if subprocess.run([agent, "--message", prompt]).returncode != 0:
            sys.exit(f"{agent} failed")
