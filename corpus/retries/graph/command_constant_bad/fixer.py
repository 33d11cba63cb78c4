import shlex
import subprocess

from . import settings


def fix(task: str) -> str:
    argv = shlex.split(settings.AGENT_CMD) + [task]
    done = subprocess.run(argv, capture_output=True, text=True, check=True)
    return done.stdout


def fix_all(tasks: list[str]) -> None:
    for task in tasks:
        for _ in range(3):  # expect: RA301
            try:
                fix(task)
                break
            except subprocess.CalledProcessError:
                continue
