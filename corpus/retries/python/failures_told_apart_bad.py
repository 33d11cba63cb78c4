"""Loops that tell failures apart: a timed-out run jumps round out of a branch of its own
while other failures end the loop, so the run that failed that way is run again (RA301),
although a success goes round too (each iteration takes the next piece of work, and the
failed one left its piece undone)."""
import subprocess


def iterate(prompt: str) -> int:
    try:
        done = subprocess.run(["claude", "-p", prompt], check=False, timeout=900)
    except subprocess.TimeoutExpired:
        return 124
    return done.returncode


def ralph_on_timeout(prompt: str) -> None:
    iteration = 1
    while iteration <= 10:  # expect: RA301(warning)
        rc = iterate(prompt)
        if rc != 0:
            if rc == 124:  # a timed-out run goes round by its own `continue`
                iteration += 1
                continue
            break
        iteration += 1
