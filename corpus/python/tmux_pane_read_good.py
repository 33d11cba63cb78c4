"""A tool that starts the agent in a detached tmux session and judges it by the
pane's output, read back with `tmux capture-pane`: the status inside the pane is
not lost, the run is watched through its output. No finding."""

import shlex
import subprocess
import uuid


def start_background(prompt: str, workdir: str, limit: int) -> str:
    session = f"agent_{uuid.uuid4().hex[:8]}"
    command = f"cd {shlex.quote(workdir)} && timeout {limit} claude -p {shlex.quote(prompt)}"
    subprocess.run(["tmux", "new-session", "-d", "-s", session, command], check=True)
    return session


def session_output(session: str) -> str:
    result = subprocess.run(
        ["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True
    )
    return result.stdout
