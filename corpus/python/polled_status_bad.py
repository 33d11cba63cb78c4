"""RA203: a launcher streams its run while asking only whether it is still running
(`proc.poll() is None`), then returns the exit status; a caller that drops it loses it."""

import subprocess
import time


def run_claude(prompt: str) -> int:
    process = subprocess.Popen(["claude", "-p", prompt], stdout=subprocess.PIPE, text=True)
    while process.poll() is None:
        line = process.stdout.readline() if process.stdout else ""
        if line:
            print(line, end="")
        time.sleep(0.1)
    return process.returncode


def handle(message: str) -> None:
    run_claude(message)  # expect: RA203(warning)
    print("handled")
