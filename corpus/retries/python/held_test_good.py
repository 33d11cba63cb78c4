"""Near miss: the name keeps a test of whether the run reported its work done; the loop
leaves after a failed run (it raises), and goes round only while a successful run says
there is more to do."""
import subprocess
import time


def _run_goose(recipe: str) -> tuple[str, int]:
    proc = subprocess.run(["goose", "run", "--recipe", recipe], capture_output=True, text=True)
    return proc.stdout, proc.returncode


def run_until_done(recipe: str, rounds: int = 6) -> str:
    for _ in range(rounds):
        output, returncode = _run_goose(recipe)
        failed = returncode != 0
        if failed:
            raise RuntimeError(f"{recipe} failed with exit {returncode}")
        finished = output.rstrip().endswith("ALL DONE")
        if finished:
            return output
        time.sleep(5)
    raise RuntimeError(f"{recipe} still has work after {rounds} rounds")
