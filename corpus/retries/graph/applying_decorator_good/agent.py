import subprocess

from .retrying import logged, with_retries


@with_retries
def fetch(ref: str) -> None:
    subprocess.run(["git", "fetch", "origin", ref], check=True)


@logged
def fix(prompt: str) -> str:
    done = subprocess.run(["claude", "-p", prompt], check=True, capture_output=True, text=True)
    return done.stdout
