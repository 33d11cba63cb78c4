"""RA301: a retry helper kept as a static method of this module's own class, called
through the class, re-runs the agent run it is given."""

import subprocess
import time


class Jobs:
    @staticmethod
    def again(func, tries: int = 3):
        for attempt in range(tries):
            try:
                return func()
            except Exception:
                if attempt == tries - 1:
                    raise
                time.sleep(1)
        return None


def fix(issue: str):
    def run():
        return subprocess.run(["claude", "-p", f"fix {issue}"], check=True)

    return Jobs.again(run)  # expect: RA301(error)
