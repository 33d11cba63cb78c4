import shlex
import subprocess

from tenacity import retry, stop_after_attempt

from .settings import REVIEW_CMD, TIMEOUT


@retry(stop=stop_after_attempt(4))  # expect: RA301
def review(diff: str) -> str:
    done = subprocess.run(
        [*shlex.split(REVIEW_CMD), diff], capture_output=True, text=True, check=True, timeout=TIMEOUT
    )
    return done.stdout
