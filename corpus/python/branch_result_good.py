"""Near miss: both branches' runs reach the read of `result` after the `if`, so the status
of whichever ran is read."""
import subprocess


def run_claude(prompt: str, stream: bool) -> str:
    if stream:
        result = subprocess.run(["claude", "-p", prompt], text=True)
    else:
        result = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"claude failed with {result.returncode}")
    return result.stdout or ""
