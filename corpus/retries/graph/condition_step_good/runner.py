import subprocess

from .commands import agent_command


def run_agent(prompt: str) -> bool:
    command = agent_command(prompt)
    process = subprocess.run(command)
    return process.returncode == 0
