"""Near misses: values of unknown content whose names name no agent's program (a runner,
a folder of the agent's settings), and an agent named so but only asked its version."""

import subprocess
import time


def run_until_done(config, prompt: str) -> bool:
    # `runner_path` may hold any program: its name says none.
    for attempt in range(3):
        if subprocess.run([config.runner_path, "-p", prompt]).returncode == 0:
            return True
        time.sleep(5)
    return False


def wait_for_install(settings) -> None:
    # The agent is only asked for its version: a probe, not a session.
    while subprocess.run([settings.claude_path, "--version"]).returncode != 0:
        time.sleep(3)


def list_settings(claude_dir: str) -> None:
    # A folder named for the agent, given to `ls`: no agent runs.
    subprocess.run(["ls", claude_dir])
    print("listed")
