"""Near misses: the relay's status read, a script given an agent's name only, and the
relay's own 124 under `timeout=` (its codes are its own)."""

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


def run_relayed_in_time(prompt: str, log_path: str) -> str:
    """The relay has codes of its own: its 124 is no claim about claude's."""
    try:
        proc = subprocess.run([sys.executable, RELAY, log_path, "claude", "-p", prompt], timeout=900)
    except subprocess.TimeoutExpired:
        return "relay hung"
    if proc.returncode == 124:
        return "timed out inside the relay"
    return "ok" if proc.returncode == 0 else "failed"
