import sys


class ServiceMode:
    """Its runner is passed in by a call of the tree (`wiring.py`): what that call gives
    decides, not the name (`claude_runner` there is a client of another package)."""

    def __init__(self, claude_runner):
        self._claude_runner = claude_runner

    def run_task(self, task: str) -> None:
        for attempt in range(3):
            result = self._claude_runner.execute(task)
            if result.returncode == 0:
                return
        sys.exit(1)
