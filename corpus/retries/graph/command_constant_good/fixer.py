import shlex
import subprocess

from . import settings


def fix(path: str) -> str:
    argv = shlex.split(settings.FORMAT_CMD) + [path]
    done = subprocess.run(argv, capture_output=True, text=True, check=True)
    return done.stdout


def fix_all(paths: list[str]) -> None:
    for path in paths:
        for _ in range(3):
            try:
                fix(path)
                break
            except subprocess.CalledProcessError:
                continue
