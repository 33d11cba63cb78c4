"""The retrying worker re-runs its base's agent process after any failure."""

import subprocess
import time

from .providers import BaseProvider


class WorkerError(Exception):
    pass


class Worker:
    def __init__(self, provider: BaseProvider, prompt: str) -> None:
        self.provider = provider
        self.prompt = prompt

    def execute(self) -> str:
        command = self.provider.build_command(self.prompt)
        process = subprocess.run(command, capture_output=True, text=True)
        if process.returncode != 0:
            raise WorkerError(process.stderr)
        return process.stdout


class RetryingWorker(Worker):
    def execute(self) -> str:
        for attempt in range(3):  # expect: RA301(warning)
            try:
                return super().execute()
            except WorkerError:
                time.sleep(2**attempt)
        raise WorkerError("gave up")
