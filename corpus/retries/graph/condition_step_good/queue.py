import time
from pathlib import Path

from .runner import run_agent


def drain(tasks: list[str]) -> None:
    for task in tasks:
        while not Path("ready").exists():
            time.sleep(30)
        run_agent(task)


def keep_going(task: str) -> None:
    while run_agent(task):
        time.sleep(30)
