"""A headless agent run (or one whose streams the runner takes) is no person's session:
its status is the runner's to read, even where the terminal shows its output."""

import subprocess


def nightly(prompt: str) -> None:
    subprocess.run(["claude", "-p", prompt])  # expect: RA203(warning)


def piped(prompt: str) -> None:
    subprocess.run(["aider", "--model", "sonnet"], input=prompt, text=True)  # expect: RA203(warning)


def logged(log_path: str) -> None:
    with open(log_path, "a") as log:
        subprocess.run(["codex"], stdout=log)  # expect: RA203(warning)
