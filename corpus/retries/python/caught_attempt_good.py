"""Near misses of a second attempt in an `except` clause: a clause that catches only a
narrow failure (the rule leaves a targeted recovery alone), a clause that runs the same
function on another input (a notification, not the agent; a `git checkout` that undoes
the run's edits before the failure is raised on), and a request sent again on another
model (RA401's, and the SDK client keeps no retries of its own)."""
import subprocess

import anthropic


def review_branch(branch: str) -> str:
    argv = ["claude", "-p", f"Review {branch}", "--permission-mode", "acceptEdits"]
    try:
        done = subprocess.run(argv, check=True, capture_output=True, text=True)
    except FileNotFoundError:  # the CLI is missing: install it, then the first run happens
        subprocess.run(["npm", "install", "-g", "@anthropic-ai/claude-code"], check=True)
        done = subprocess.run(argv, check=True, capture_output=True, text=True)
    return done.stdout


def nightly_fix(task: str) -> None:
    try:
        subprocess.run(["codex", "exec", "--full-auto", task], check=True)
    except Exception:
        subprocess.run(["notify-send", "nightly fix failed", task], check=False)


def undone_fix(task: str) -> None:
    try:
        subprocess.run(["codex", "exec", "--full-auto", task], check=True)
    except Exception:
        subprocess.run(["git", "checkout", "--", "."], check=True)  # the run's edits undone
        raise


def summary(text: str) -> str:
    client = anthropic.Anthropic(max_retries=0)
    try:
        reply = client.messages.create(model="claude-sonnet-4-5", max_tokens=256, messages=[{"role": "user", "content": text}])
    except Exception:
        reply = client.messages.create(model="claude-haiku-4-5", max_tokens=256, messages=[{"role": "user", "content": text}])
    return reply.content[0].text
