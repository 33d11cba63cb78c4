"""RA301: nested attempt loops around one run. Where both retry every failure, the
outer loop reports the defect once; where the inner loop retries every failure and the
outer one only the rate-limit exit, each loop keeps its own finding."""

import subprocess
import time


def review(prompt: str) -> str:
    for round_ in range(3):  # expect: RA301(error)
        for attempt in range(2):
            result = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
            if result.returncode == 0:
                return result.stdout
        time.sleep(60 * (round_ + 1))
    raise RuntimeError("claude failed")


def fix(prompt: str) -> str:
    for round_ in range(3):  # expect: RA301(warning)
        for attempt in range(5):  # expect: RA301(error)
            result = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
            if result.returncode == 0:
                return result.stdout
        if result.returncode != 75:
            raise RuntimeError("claude failed")
        time.sleep(600)
    return ""
