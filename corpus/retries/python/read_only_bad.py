"""RA301: the same retries, where the options let the agent edit (aider's code chat mode,
claude's accept-edits mode, codex's workspace-write sandbox): a run again repeats the
failed run's edits."""

import subprocess
import time

from tenacity import retry, stop_after_attempt


@retry(stop=stop_after_attempt(3))  # expect: RA301(error)
def fix_code(task: str) -> str:
    result = subprocess.run(
        ["aider", "--chat-mode", "code", "--yes-always", "--message", task],
        capture_output=True, text=True, check=True,
    )
    return result.stdout


def apply_change(task: str) -> str:
    for attempt in range(3):  # expect: RA301(error)
        result = subprocess.run(
            ["claude", "-p", "--permission-mode", "acceptEdits", task],
            capture_output=True, text=True,
        )
        if result.returncode == 0:
            return result.stdout
        time.sleep(2**attempt)
    raise RuntimeError("claude failed to apply the change")


def update_docs(change: str) -> str:
    for attempt in range(3):  # expect: RA301(error)
        try:
            return subprocess.run(
                ["codex", "exec", "--sandbox=workspace-write", f"Document this change:\n{change}"],
                capture_output=True, text=True, check=True,
            ).stdout
        except subprocess.CalledProcessError:
            time.sleep(5)
    return ""


def review_and_fix(task: str) -> str:
    # `--dangerously-skip-permissions` after plan mode is `--permission-mode
    # bypassPermissions`: the run may edit
    for attempt in range(3):  # expect: RA301(error)
        result = subprocess.run(
            ["claude", "-p", task, "--permission-mode", "plan", "--dangerously-skip-permissions"],
            capture_output=True, text=True,
        )
        if result.returncode == 0:
            return result.stdout
        time.sleep(2**attempt)
    raise RuntimeError("claude failed")


# A module constant that names a writing sandbox: the run changes files, and the loop
# around the function that makes it re-runs it.
WRITE_SANDBOX = "workspace-write"


def generate_fix(prompt: str) -> str:
    try:
        result = subprocess.run(
            ["codex", "exec", "--sandbox", WRITE_SANDBOX, prompt],
            capture_output=True, text=True, check=True,
        )
    except subprocess.CalledProcessError as error:
        raise RuntimeError(f"codex failed: {error.stderr}") from error
    return result.stdout


def fix_with_retry(prompt: str) -> str:
    for attempt in range(3):  # expect: RA301(warning)
        try:
            return generate_fix(prompt)
        except RuntimeError:
            time.sleep(2**attempt)
    return ""
