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


def explain_pane(prompt: str) -> None:
    # the run before the agent's raises on failure (`check=True`): this function raises,
    # it returns nothing of the agent's status; the agent's own run is the one finding
    pane = subprocess.run(["tmux", "capture-pane", "-p"], capture_output=True, text=True, check=True)
    subprocess.run(["gptme", prompt], input=pane.stdout, text=True)  # expect: RA203(warning)
