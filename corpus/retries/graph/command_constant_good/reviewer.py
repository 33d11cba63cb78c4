import shlex
import subprocess

from tenacity import retry, stop_after_attempt

from .settings import TIMEOUT, VERSION_CMD


@retry(stop=stop_after_attempt(4))
def agent_version() -> str:
    done = subprocess.run(
        shlex.split(VERSION_CMD), capture_output=True, text=True, check=True, timeout=TIMEOUT
    )
    return done.stdout
