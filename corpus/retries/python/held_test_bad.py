"""A loop that keeps its test's outcome in a name (`success = not _is_transient_error(…)`)
and leaves when it holds; the predicate's body holds for any non-zero exit, whatever
its name says, so every failed run is re-run with its side effects."""
import re
import subprocess
import time

_RATE_LIMIT = re.compile(r"rate limit|429|overloaded", re.IGNORECASE)


def _run_goose(recipe: str) -> tuple[str, int]:
    proc = subprocess.run(["goose", "run", "--recipe", recipe], capture_output=True, text=True)
    return proc.stdout + proc.stderr, proc.returncode


def _is_transient_error(output: str, returncode: int) -> bool:
    if returncode != 0:
        return True
    return _RATE_LIMIT.search(output) is not None


def run_recipe(recipe: str, max_retries: int = 6) -> str:
    for attempt in range(max_retries):  # expect: RA301(error)
        output, returncode = _run_goose(recipe)
        success = not _is_transient_error(output, returncode)
        if success:
            return output
        time.sleep(5 * (attempt + 1))
    raise RuntimeError(f"{recipe} failed after {max_retries} attempts")
