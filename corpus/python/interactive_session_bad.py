"""A headless agent run (or one whose streams the runner takes) is no person's session:
its status is the runner's to read, even where the terminal shows its output. Nor is a
run whose words come from a value that may hold several (`*extra`, `argv.extend(extra)`:
a headless option among them), or a session left running that nobody waits for."""

import subprocess


def nightly(prompt: str) -> None:
    subprocess.run(["claude", "-p", prompt])  # expect: RA203(warning)


def piped(prompt: str) -> None:
    subprocess.run(["aider", "--model", "sonnet"], input=prompt, text=True)  # expect: RA203(warning)


def logged(log_path: str) -> None:
    with open(log_path, "a") as log:
        subprocess.run(["codex"], stdout=log)  # expect: RA203(warning)


def spread(extra: list[str]) -> None:
    subprocess.run(["claude", *extra])  # expect: RA203(warning)


def extended(extra: list[str], task: str) -> None:
    argv = ["codex"]
    argv.extend(extra)
    argv.append(task)
    subprocess.run(argv)  # expect: RA203(warning)


def left_running(worktree: str) -> None:
    subprocess.Popen(["claude", "--continue"], cwd=worktree)  # expect: RA203(warning)
