"""Near misses: helpers that return a success flag, in loops that stop on a failure or run
the agent once per task."""

import subprocess


def attempt(prompt: str) -> bool:
    result = subprocess.run(["claude", "-p", prompt], capture_output=True)
    return result.returncode == 0


def run_once(prompt: str) -> tuple[bool, str]:
    proc = subprocess.run(["codex", "exec", prompt], capture_output=True, text=True)
    return proc.returncode == 0, proc.stdout


def fail_fast(steps: int, prompt: str) -> None:
    for _ in range(steps):
        if not attempt(prompt):
            break


def stop_on_failure(prompt: str) -> list[str]:
    outputs = []
    for _ in range(3):
        ok, output = run_once(prompt)
        if not ok:
            raise RuntimeError(output)
        outputs.append(output)
    return outputs
