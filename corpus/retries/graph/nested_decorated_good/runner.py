import subprocess

from .commands import agent_argv


def run_task(task: str) -> None:
    subprocess.run(agent_argv(task), check=True)


def push(branch: str) -> None:
    subprocess.run(["git", "push", "origin", branch], check=True)
