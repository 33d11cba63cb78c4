"""RA301: a launcher returns the exit status with another fact of the run beside it
(`timed_out`, a literal bool on each path), and the loop re-runs the agent on any
non-zero status: that bool is no success flag."""

import subprocess


def run_agent(argv: list[str], timeout: float) -> tuple[int | None, str, bool]:
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except FileNotFoundError:
        return 127, "", False
    except subprocess.TimeoutExpired:
        return None, "", True
    return proc.returncode, proc.stdout, False


def fix_until_green(task: str) -> str:
    while True:  # expect: RA301(error)
        code, out, timed_out = run_agent(["claude", "-p", task, "--dangerously-skip-permissions"], 900)
        if timed_out:
            print("timed out, trying again")
        if code == 0:
            return out


def run_checked(task: str) -> tuple[bool, int]:
    proc = subprocess.run(["claude", "-p", task, "--dangerously-skip-permissions"])
    if proc.returncode != 0:
        return False, proc.returncode
    return True, 0  # (true with a status of 0: this bool is the run's success flag)


def until_done(task: str) -> None:
    while True:  # expect: RA301(error)
        ok, code = run_checked(task)
        if ok:
            return
        print("failed with", code)
