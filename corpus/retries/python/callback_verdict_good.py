"""Near misses: the callback is not given the run (a stop request the caller polls), the
loop goes over items and the callback only sorts the results, and the agent is only
asked for an answer in a read-only sandbox (nothing to repeat)."""

import subprocess
from collections.abc import Callable
from pathlib import Path


def run_claude(prompt: str, cwd: Path) -> dict[str, object]:
    proc = subprocess.run(
        ["claude", "-p", prompt, "--permission-mode", "acceptEdits"],
        cwd=cwd,
        capture_output=True,
        text=True,
    )
    return {"returncode": proc.returncode, "stdout": proc.stdout}


def ask_codex(question: str) -> dict[str, object]:
    proc = subprocess.run(
        ["codex", "exec", "--sandbox", "read-only", question], capture_output=True, text=True
    )
    return {"returncode": proc.returncode, "answer": proc.stdout}


def work_until_stopped(prompts: list[str], cwd: Path, stop: Callable[[], bool]) -> int:
    done = 0
    for prompt in prompts:
        run = run_claude(prompt, cwd)
        if run["returncode"] != 0:
            raise RuntimeError(f"claude failed on {prompt!r}")
        done += 1
        if stop():
            break
    return done


def sort_results(
    tasks: list[str], cwd: Path, keep: Callable[[dict[str, object]], bool]
) -> list[dict[str, object]]:
    kept = []
    for task in tasks:
        run = run_claude(task, cwd)
        if run["returncode"] != 0:
            raise RuntimeError(f"claude failed on {task!r}")
        if keep(run):
            kept.append(run)
    return kept


def answer(question: str, valid: Callable[[dict[str, object]], bool]) -> dict[str, object]:
    for _ in range(3):
        reply = ask_codex(question)
        if valid(reply):
            return reply
    raise RuntimeError("no valid answer")
