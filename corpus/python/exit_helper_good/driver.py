import subprocess
import time

from .problems import abort, die


def review(diff: str) -> str:
    for attempt in range(3):
        try:
            done = subprocess.run(
                ["claude", "-p", f"Review: {diff}"], capture_output=True, text=True, check=True
            )
            return done.stdout
        except subprocess.CalledProcessError as error:
            die("claude failed", error.stderr)
        time.sleep(2**attempt)
    return ""


def summarise(log: str) -> str:
    for attempt in range(3):  # expect: RA301(warning)
        try:
            done = subprocess.run(
                ["claude", "-p", f"Summarise: {log}"], capture_output=True, text=True, check=True
            )
            return done.stdout
        except subprocess.CalledProcessError as error:
            if "429" not in error.stderr:
                abort("claude failed")
            time.sleep(2**attempt)
    return ""
