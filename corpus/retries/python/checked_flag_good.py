"""Near misses: the `False` a function returns is about a `git pull` before the agent
starts (the agent's own failure raises out of the loop), and a function whose checked
run's failure is caught and reported as a success."""

import subprocess


def pull_then_run(task: str) -> bool:
    pulled = subprocess.run(["git", "pull", "--ff-only"])
    if pulled.returncode != 0:
        return False
    subprocess.run(["claude", "-p", task], check=True)
    return True


def best_effort(task: str) -> bool:
    try:
        subprocess.run(["codex", "exec", task], check=True)
    except subprocess.CalledProcessError:
        print("codex failed; going on")
    return True


def main(task: str) -> None:
    for _ in range(3):
        if pull_then_run(task):
            break
    for _ in range(3):
        if best_effort(task):
            return
