"""A loop that runs the agent on a schedule whatever its status: new work each time, not a
retry of the failed run (success and failure go on the same way)."""
import subprocess
import time


def run_agent(task):
    result = subprocess.run(["claude", "-p", task], capture_output=True)
    if result.returncode == 0:
        return True
    return False


def nightly(task):
    while True:
        if run_agent(task):
            print("ok")
        else:
            print("failed; trying again tomorrow")
        time.sleep(24 * 3600)
