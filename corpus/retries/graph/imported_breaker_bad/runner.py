import subprocess
import time

from .breakers import agent_breaker


def launch(task: str) -> None:
    subprocess.run(["gptme", "--non-interactive", task], check=True)


def fix(task: str) -> None:
    for attempt in range(5):  # expect: RA301(error)
        try:
            agent_breaker.call(launch, task)
            break
        except Exception:
            time.sleep(2**attempt)
