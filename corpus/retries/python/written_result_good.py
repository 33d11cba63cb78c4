"""Near misses: a field the runner writes where the run succeeds too says nothing of
how it went (`checked`), a flag written with a value the run computed is not read as
one, and a flag written before the run starts says nothing of the run; loops that go
round on them are not judged by them."""

import subprocess
from dataclasses import dataclass
from pathlib import Path


@dataclass
class AgentResult:
    text: str = ""
    checked: bool = False
    stale: bool = False


def run_claude(prompt: str) -> AgentResult:
    result = AgentResult()
    proc = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    result.text = proc.stdout
    if proc.returncode != 0:
        result.checked = True
        result.stale = "stale" in proc.stderr
    else:
        result.checked = True
    return result


def orchestrate(prompt: str) -> AgentResult:
    result = AgentResult()
    for _ in range(3):
        result = run_claude(prompt)
        if result.checked:
            break
    return result


def refresh(prompt: str) -> AgentResult:
    result = AgentResult()
    for _ in range(3):
        result = run_claude(prompt)
        if not result.stale:
            break
    return result


def run_from_file(prompt_path: str) -> AgentResult:
    """The flag is written only where the prompt cannot be read, before the run."""
    result = AgentResult()
    try:
        prompt = Path(prompt_path).read_text()
    except OSError as error:
        result.text = str(error)
        result.stale = True
        return result
    proc = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    result.text = proc.stdout
    return result


def from_file(prompt_path: str) -> AgentResult:
    result = AgentResult()
    for _ in range(3):
        result = run_from_file(prompt_path)
        if not result.stale:
            break
    return result
