"""RA301: a loop that works through iterations and stops on most failures by a flag it
tests at the end of the iteration, but goes round after a failure whose log says it was
an upstream hiccup: that run is made again."""

import re
import subprocess
from pathlib import Path

TRANSIENT = re.compile(r"50[234]|upstream")


def detect(pattern: re.Pattern[str], log: Path) -> bool:
    return bool(pattern.search(log.read_text()))


def iterate(prompt: str, log: Path) -> int:
    with log.open("w") as out:
        done = subprocess.run(["claude", "-p", prompt], stdout=out, stderr=subprocess.STDOUT)
    return done.returncode


def main(prompt: str, limit: int = 8) -> None:
    iteration = 1
    while iteration <= limit:  # expect: RA301(warning)
        log = Path(f"iter-{iteration}.log")
        rc = iterate(prompt, log)
        stop = False
        if rc != 0 and detect(TRANSIENT, log):
            print("upstream error, going on")
        elif rc != 0:
            stop = True
        elif "COMPLETE" in log.read_text():
            stop = True
        if stop:
            break
        iteration += 1
