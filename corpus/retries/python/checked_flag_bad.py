"""A function runs the agent with `check=True` and turns the failure it raises into
`False` (`True` after the run): a loop that goes round until it says `True` re-runs a
failed agent."""

import subprocess


def run_agent(task: str) -> bool:
    try:
        subprocess.run(["claude", "-p", task], check=True)
    except subprocess.CalledProcessError:
        return False
    return True


def attempt_agent(task: str) -> bool:
    try:
        subprocess.run(["codex", "exec", task], check=True)
        return True
    except subprocess.CalledProcessError as error:
        print(f"codex failed: {error}")
        return False


def main(task: str) -> None:
    for _ in range(3):  # expect: RA301(error)
        if run_agent(task):
            break
    for _ in range(3):  # expect: RA301(error)
        if attempt_agent(task):
            return
