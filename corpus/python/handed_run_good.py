"""Near misses: the relay's status read, and a script given an agent's name only."""

import subprocess
import sys

RELAY = "tools/pty_relay.py"


def run_checked(prompt: str, log_path: str) -> str:
    cmd = ["claude", "-p", prompt]
    proc = subprocess.run([sys.executable, RELAY, log_path, *cmd], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"claude failed: {proc.stderr}")
    return proc.stdout


def report(results: str) -> None:
    subprocess.run([sys.executable, "tools/report.py", "--agent", "claude", results], check=True)
