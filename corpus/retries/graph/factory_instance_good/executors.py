import subprocess


class Executor:
    """Runs the agent on a task."""

    def execute(self, task):
        return subprocess.run(["claude", "-p", task], check=True)


class Browser:
    """Runs a callable on the browser's thread (no agent)."""

    def execute(self, func, *args):
        return func(*args)
