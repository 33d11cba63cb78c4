import time

from .runner import run_agent


def drain(tasks: list[str]) -> None:
    for task in tasks:
        while not run_agent(task):  # expect: RA301(error)
            time.sleep(30)
