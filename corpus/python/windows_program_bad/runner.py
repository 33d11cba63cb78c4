"""A Windows path names the agent as a POSIX one does: `codex.exe` is `codex`, and the
loop that runs it again after any failure re-runs its step (RA301)."""

import subprocess
import time

from .win_paths import CODEX_EXE


class Runner:
    def __init__(self) -> None:
        self.agent_exe = CODEX_EXE

    def run_once(self, task: str) -> int:
        return subprocess.run([str(self.agent_exe), "exec", task]).returncode

    def run(self, task: str) -> None:
        for attempt in range(3):  # expect: RA301(error)
            if self.run_once(task) == 0:
                return
            time.sleep(5)
