import sys

from .runner import run_succeeded


class TaskMode:
    def __init__(self, repo, claude_runner, agent):
        self._repo = repo
        self._claude_runner = claude_runner
        self._agent = agent

    def run_tasks(self, tasks: list[str]) -> None:
        for task in tasks:
            before = self._repo.head()
            result = self._claude_runner.execute(task)
            if not run_succeeded(result.returncode, before, self._repo.head()):
                sys.exit(1)

    def run_other(self, task: str) -> None:
        for attempt in range(3):
            result = self._agent.execute(task)
            if result.returncode == 0:
                return
        sys.exit(1)
