"""Near miss: a dict annotated as holding workers; its own `update` is the dict's, not
the workers' `update` that runs the agent."""

import subprocess
import time


class Worker:
    def update(self, task: str) -> None:
        subprocess.run(["claude", "-p", task], check=True)


class Pool:
    def __init__(self) -> None:
        self.workers: dict[str, Worker] = {}

    def refresh(self, new: dict[str, Worker]) -> None:
        for _ in range(3):
            try:
                self.workers.update(new)
                return
            except Exception:
                time.sleep(1)
