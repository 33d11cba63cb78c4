"""Near misses for parameter defaults: a default that is no agent, `None`, a default the
function replaces before the run, and a run whose status is read."""

import subprocess


def lint(path: str, tool: str = "ruff") -> None:
    subprocess.run([tool, "check", path])


def maybe(prompt: str, binary: str | None = None) -> None:
    subprocess.run([binary or "echo", prompt])


def replaced(prompt: str, binary: str = "claude") -> None:
    binary = "echo"
    subprocess.run([binary, prompt])


def checked(prompt: str, binary: str = "claude") -> int:
    return subprocess.run([binary, "-p", prompt]).returncode
