"""Near miss: the program a Windows path names is `codex-helper`, no agent."""

import subprocess
import time

from .win_paths import HELPER_EXE


class Runner:
    def __init__(self) -> None:
        self.tool_exe = HELPER_EXE

    def run_once(self, task: str) -> int:
        return subprocess.run([str(self.tool_exe), "exec", task]).returncode

    def run(self, task: str) -> None:
        for attempt in range(3):
            if self.run_once(task) == 0:
                return
            time.sleep(5)
