"""Tasks whose `_execute` builds the agent argv and runs it; the retry is in pkg/mixin.py."""

import subprocess

from pkg.mixin import OneShotTask, RetryingTask


class FixIssue(RetryingTask):
    def __init__(self, issue: int) -> None:
        self.issue = issue

    def _execute(self) -> int:
        argv = ["claude", "-p", f"fix issue #{self.issue}", "--permission-mode", "acceptEdits"]
        return subprocess.run(argv).returncode


class Changelog(OneShotTask):
    def _execute(self) -> int:
        return subprocess.run(["gptme", "--non-interactive", "update CHANGELOG.md"]).returncode
