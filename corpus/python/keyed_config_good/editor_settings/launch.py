"""The editor is read from the settings by its own key: the agent the same dict holds
under another key is not what this process runs, so no agent's status is lost here."""

import shlex
import subprocess

from . import settings


def open_in_editor(path: str) -> None:
    subprocess.Popen(shlex.split(settings.EDITOR_CMD) + [path])


def run_agent(task_file: str) -> None:
    subprocess.run(["aider", "--yes", "-f", task_file], check=True)
