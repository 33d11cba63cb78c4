import subprocess

from .retrying import with_retries


@with_retries  # expect: RA301(error)
def fix(prompt: str) -> str:
    done = subprocess.run(["claude", "-p", prompt], check=True, capture_output=True, text=True)
    return done.stdout
