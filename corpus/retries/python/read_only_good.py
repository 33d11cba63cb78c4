"""Near misses for RA301: agent runs retried on any failure whose options let the agent
change nothing (aider's ask chat mode and dry run, claude's plan permission mode, codex's
read-only sandbox): each only reads and answers, so a run again repeats no side effect."""

import subprocess
import time

from tenacity import retry, stop_after_attempt


@retry(stop=stop_after_attempt(3))
def ask_about_code(question: str) -> str:
    result = subprocess.run(
        ["aider", "--chat-mode", "ask", "--yes-always", "--message", question],
        capture_output=True, text=True, check=True,
    )
    return result.stdout


def plan_change(task: str) -> str:
    for attempt in range(3):
        result = subprocess.run(
            ["claude", "-p", "--permission-mode", "plan", task], capture_output=True, text=True
        )
        if result.returncode == 0:
            return result.stdout
        time.sleep(2**attempt)
    raise RuntimeError("claude failed to plan")


def review_diff(diff: str) -> str:
    for attempt in range(3):
        try:
            return subprocess.run(
                ["codex", "exec", "--sandbox=read-only", f"Review this diff:\n{diff}"],
                capture_output=True, text=True, check=True,
            ).stdout
        except subprocess.CalledProcessError:
            time.sleep(5)
    return ""


def plan_after_bypass(task: str) -> str:
    # the later `--permission-mode plan` overrides `--dangerously-skip-permissions`
    # (`--permission-mode bypassPermissions`): a plan-only run, nothing to repeat
    for attempt in range(3):
        result = subprocess.run(
            ["claude", "-p", task, "--dangerously-skip-permissions", "--permission-mode", "plan"],
            capture_output=True,
            text=True,
        )
        if result.returncode == 0:
            return result.stdout
        time.sleep(2**attempt)
    raise RuntimeError("claude failed to plan")


# The read-only sandbox held in a module constant, in a generator of its own that a
# retry loop calls: the run is read-only through the constant too.
REVIEW_SANDBOX = "read-only"


def generate_review(prompt: str) -> str:
    try:
        result = subprocess.run(
            ["codex", "exec", "--sandbox", REVIEW_SANDBOX, prompt],
            capture_output=True, text=True, check=True,
        )
    except subprocess.CalledProcessError as error:
        raise RuntimeError(f"codex failed: {error.stderr}") from error
    return result.stdout


def review_with_retry(prompt: str) -> str:
    for attempt in range(3):
        try:
            return generate_review(prompt)
        except RuntimeError:
            time.sleep(2**attempt)
    return ""
