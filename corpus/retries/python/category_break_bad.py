"""RA301 narrowed (warning): the loop leaves after a failure unless its result's category
says it was transient (`if category != Category.TRANSIENT: break`), so it re-runs the
agent only on those failures; the message says so."""

import subprocess
import time
from enum import Enum


class Category(Enum):
    TRANSIENT = "transient"
    PERMANENT = "permanent"


def classify(code: int, output: str) -> Category:
    if code in (124, 137) or "503" in output:
        return Category.TRANSIENT
    return Category.PERMANENT


def run_once(prompt: str) -> tuple[bool, str, Category]:
    done = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    if done.returncode == 0:
        return True, done.stdout, Category.PERMANENT
    return False, done.stdout, classify(done.returncode, done.stdout)


def run(prompt: str) -> str:
    for attempt in range(3):  # expect: RA301(warning)
        ok, output, category = run_once(prompt)
        if ok:
            return output
        if category != Category.TRANSIENT:
            break
        time.sleep(2**attempt)
    return ""
