"""A command runner launches whatever argv it is given. The task loop hands it codex's
argv and runs the task again on any failure: each attempt starts codex over."""

import shlex
import subprocess


def run_command(cmd: list[str], timeout: int = 600) -> subprocess.CompletedProcess[str]:
    process = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, err = process.communicate(timeout=timeout)
    return subprocess.CompletedProcess(cmd, process.returncode, out, err)


def run_task(prompt: str) -> None:
    for attempt in range(3):  # expect: RA301(error)
        result = run_command(["codex", "exec", "--full-auto", prompt])
        if result.returncode == 0:
            return
        print(f"attempt {attempt + 1} failed: {result.stderr}")


def run_checks(commands: list[str]) -> bool:
    return all(run_command(shlex.split(raw)).returncode == 0 for raw in commands)
