"""A near miss: the loop goes round only when the failure's text says the agent never
started (its CLI could not load a module, or its executable was not found): nothing ran,
so nothing is repeated; every other failure is raised."""

import subprocess
import time


def run(prompt: str) -> str:
    proc = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr)
    return proc.stdout


def did_not_start(stderr: str) -> bool:
    if "Cannot find module" in stderr:
        return True
    return bool("MODULE_NOT_FOUND" in stderr or "ENOENT" in stderr)


def review(prompt: str) -> str:
    for attempt in range(3):
        try:
            return run(prompt)
        except RuntimeError as error:
            if attempt >= 2:
                raise
            if did_not_start(str(error)):
                time.sleep(2**attempt)
                continue
            raise
    raise RuntimeError("unreachable")
