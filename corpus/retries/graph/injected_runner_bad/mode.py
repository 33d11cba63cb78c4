import sys

from .runner import run_succeeded


class TaskMode:
    def __init__(self, repo, claude_runner):
        self._repo = repo
        self._claude_runner = claude_runner

    def run_task(self, task: str) -> None:
        before = self._repo.head()
        for attempt in range(3):  # expect: RA301(error)
            result = self._run_claude(task)
            if not run_succeeded(result.returncode, before, self._repo.head()):
                continue
            return
        sys.exit(1)

    def run_checked(self, task: str) -> None:
        for attempt in range(3):  # expect: RA301(error)
            result = self._claude_runner.execute(task)
            if result.returncode == 0:
                return
        sys.exit(1)

    def _run_claude(self, task: str):
        return self._claude_runner.execute(task)
