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


def verify_done(plan: str) -> tuple[bool, str]:
    """A judge agent's verdict on the work, read from what it said: `False` is "not done
    yet", not a failed run."""
    result = subprocess.run(
        ["claude", "-p", f"Is every step of {plan} done? Say <VERIFIED>YES</VERIFIED>."],
        capture_output=True,
        text=True,
    )
    if "<VERIFIED>YES</VERIFIED>" in result.stdout:
        return True, "every step is done"
    return False, "work remains"


def ralph(plan: str, iterations: int) -> int:
    for _ in range(iterations):
        work = subprocess.run(["codex", "exec", f"Do the next step of {plan}"])
        if work.returncode != 0:
            return 1
        verified, _ = verify_done(plan)
        if verified:
            return 0
    return 1
