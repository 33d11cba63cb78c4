"""A relay script run by the interpreter running this one (`sys.executable`) and given
the agent's command line runs the agent: its status is lost as the agent's would be."""

import subprocess
import sys

RELAY = "tools/pty_relay.py"


def run_logged(prompt: str, log_path: str) -> None:
    cmd = ["claude", "-p", "--dangerously-skip-permissions", prompt]
    subprocess.run([sys.executable, RELAY, log_path, *cmd])  # expect: RA203(warning)
    print(f"claude ran, see {log_path}")
