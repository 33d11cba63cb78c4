import subprocess


class AgentRunner:
    def __init__(self, workdir: str) -> None:
        self.workdir = workdir

    def run(self, prompt: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["claude", "-p", prompt], cwd=self.workdir, capture_output=True, text=True
        )


def run_codex(prompt: str) -> int:
    return subprocess.call(["codex", "exec", "--full-auto", prompt])
