"""Near miss: the same loop where every failure sets the flag that ends it; a success
goes round to the next iteration's work until the log says the plan is complete."""

import subprocess
from pathlib import Path


def iterate(prompt: str, log: Path) -> int:
    with log.open("w") as out:
        done = subprocess.run(["claude", "-p", prompt], stdout=out, stderr=subprocess.STDOUT)
    return done.returncode


def main(prompt: str, limit: int = 8) -> None:
    iteration = 1
    while iteration <= limit:
        log = Path(f"iter-{iteration}.log")
        rc = iterate(prompt, log)
        stop = False
        if rc != 0:
            print("the run failed; stopping")
            stop = True
        elif "COMPLETE" in log.read_text():
            stop = True
        if stop:
            break
        iteration += 1
