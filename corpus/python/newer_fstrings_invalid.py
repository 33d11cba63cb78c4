"""An f-string field that no Python reads (two names with nothing between them), among
f-strings that only Python 3.12 reads: the module is invalid, and reported so."""

import subprocess

settings = {"model": "sonnet"}


def review(task: dict[str, str]) -> None:
    command = f"claude -p {task["prompt"]} --model {settings["model"]}"
    subprocess.run(["claude", "-p", f"do {task task}"], check=True)  # expect: RA900
    subprocess.run(command, shell=True, check=True)
