"""Python 3.12 f-strings (PEP 701), read on Python 3.11 too, in runs whose status is
read: nothing to report."""

import subprocess

settings = {"model": "sonnet"}


def review(task: dict[str, str]) -> int:
    command = f"claude -p {task["prompt"]} --model {settings["model"]}"
    done = subprocess.run(command, shell=True)
    print(f"exit: {done.returncode!r:>{4}} \N{EM DASH} {"ok" if done.returncode == 0 else "failed"}")
    return done.returncode


def summarise(lines: list[str]) -> None:
    subprocess.run(["codex", "exec", f"{'\n'.join(lines)}"], check=True)
