"""A parameter holds its default wherever a caller leaves the argument out: a runner that
names its agent as a default (`binary="claude"`, also kept on the instance) runs it."""

import subprocess


def review(prompt: str, binary: str = "claude") -> None:
    subprocess.run([binary, "-p", prompt])  # expect: RA203(warning)


class Runner:
    def __init__(self, binary: str = "codex", model: str | None = None) -> None:
        self.binary = binary
        self.model = model

    def run(self, prompt: str) -> bool:
        subprocess.run([self.binary, "exec", prompt], cwd=".")  # expect: RA203(warning)
        return True


class Settings:
    def __init__(self, cli_path: str = "gemini") -> None:
        self.cli_path = cli_path


def ask(settings: Settings, prompt: str) -> None:
    subprocess.run([settings.cli_path, "-p", prompt])  # expect: RA203(warning)
