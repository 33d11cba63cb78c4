import subprocess

from .resilience import first_word, with_backoff


class Workspace:
    def status(self):
        return with_backoff(subprocess.run, ["git", "status", "--porcelain"], check=True)

    def program(self, prompt):
        return with_backoff(first_word, ["claude", "--print", prompt])
