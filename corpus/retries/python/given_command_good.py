"""A command runner launches whatever argv it is given; one caller gives it codex's
argv, once. The validation loop retries the project's test commands, which are no agent:
that call of the runner is judged by what it is given there."""

import shlex
import subprocess


def run_command(cmd: list[str], timeout: int = 600) -> subprocess.CompletedProcess[str]:
    process = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, err = process.communicate(timeout=timeout)
    return subprocess.CompletedProcess(cmd, process.returncode, out, err)


def run_task(prompt: str) -> bool:
    result = run_command(["codex", "exec", "--full-auto", prompt])
    return result.returncode == 0


def run_validations(commands: list[str]) -> bool:
    for raw in commands:
        for attempt in range(2):
            result = run_command(shlex.split(raw))
            if result.returncode == 0:
                break
            print(f"validation retry {attempt + 1}: {raw}")
        else:
            return False
    return True
