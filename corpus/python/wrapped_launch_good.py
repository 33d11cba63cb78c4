"""Near misses: the same helpers and runners, with the agent's status read and acted on."""

import subprocess


def run_command(cmd: list[str], cwd: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)


def run_checked(cmd: list[str]) -> str:
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed: {result.stderr}")
    return result.stdout


def run_strict(cmd: list[str], check: bool = True) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(cmd, check=check)


class ClaudeCommand:
    def __init__(self, prompt: str) -> None:
        self.prompt = prompt

    def build(self) -> list[str]:
        return ["claude", "-p", self.prompt]

    def launch(self) -> int:
        return run_command(self.build()).returncode


def codex_argv(task: str) -> list[str]:
    return ["codex", "exec", "--full-auto", task]


def nightly(prompt: str, tasks: list[str]) -> None:
    result = run_command(ClaudeCommand(prompt).build())
    if result.returncode != 0:
        raise SystemExit(result.returncode)
    summary = run_checked(ClaudeCommand("summarise the changes").build())
    print(summary)
    for task in tasks:
        if run_command(codex_argv(task)).returncode:
            print(f"task failed: {task}")
            break
    run_strict(codex_argv("tidy up"))  # `check` defaults to True: a failure raises
    run_command(["claude", "--version"])  # a probe, not an agent run
    run_command(["git", "push"])  # not an agent
