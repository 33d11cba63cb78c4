import subprocess

from .locate import Locator


class Transport:
    def __init__(self):
        self.locator = Locator()

    def start(self, task):
        binary = self.locator.find_codex()
        subprocess.run(self._command(binary, task), check=True)

    def _command(self, binary, task):
        return [binary, "exec", "--json", task]


def review(settings, task):
    argv = [settings.claude_path, "-p", task]
    return subprocess.run(argv, cwd="/srv/repo").returncode
