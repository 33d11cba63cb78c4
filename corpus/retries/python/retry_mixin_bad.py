"""Retry mixins whose `run()` re-runs `self._execute()` after a failure, where the subclass's
`_execute` builds the agent argv and runs it (RA301)."""

import subprocess
import time


class RetryMixin:
    max_attempts = 3

    def run(self) -> int:
        for attempt in range(self.max_attempts):  # expect: RA301(error)
            rc = self._execute()
            if rc == 0:
                return 0
            time.sleep(2**attempt)
        return 1

    def _execute(self) -> int:
        raise NotImplementedError


class ClaudeJob(RetryMixin):
    def __init__(self, prompt: str) -> None:
        self.prompt = prompt

    def _execute(self) -> int:
        return subprocess.run(["claude", "-p", self.prompt]).returncode


class FlagRetryMixin:
    def run(self) -> str | None:
        for attempt in range(4):  # expect: RA301(error)
            ok, output = self._execute()
            if ok:
                return output
        return None


class CodexJob(FlagRetryMixin):
    def __init__(self, task: str) -> None:
        self.task = task

    def _argv(self) -> list[str]:
        return ["codex", "exec", "--full-auto", self.task]

    def _execute(self) -> tuple[bool, str]:
        proc = subprocess.run(self._argv(), capture_output=True, text=True)
        return proc.returncode == 0, proc.stdout
