"""Near misses of a second attempt in an `except` clause: a clause that catches only a
narrow failure (the rule leaves a targeted recovery alone), a clause that runs the same
function on another input (a notification, not the agent; a `git checkout` that undoes
the run's edits before the failure is raised on), and a request sent again on another
model (RA401's, and the SDK client keeps no retries of its own); and a clause that gives
the same step another task (revert the changes, write a note on the failure)."""
import subprocess

import anthropic
from claude_agent_sdk import ClaudeSDKClient


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


async def fix_or_revert(client: ClaudeSDKClient, task: str) -> None:
    try:
        await client.query(prompt=task)
    except Exception as error:  # another task: undo what the failed run changed
        await client.query(prompt=f"The last step failed ({error}). Revert the files you changed.")
        raise


def run_step(workdir: str, task: str) -> str:
    argv = ["codex", "exec", "--full-auto", "-C", workdir, task]
    return subprocess.run(argv, check=True, capture_output=True, text=True).stdout


def fix_with_note(workdir: str, task: str) -> str:
    try:
        return run_step(workdir, f"Fix: {task}")
    except Exception:  # the same folder, another task: a note on the failure
        return run_step(workdir, "Write INCIDENT.md about the failed fix")


async def _open_session(cwd: str) -> ClaudeSDKClient:
    return ClaudeSDKClient()


async def lookup(_open_session, cwd: str, key: str) -> str:  # (a parameter: a key store)
    store = _open_session(cwd)
    try:
        return store.query(key)
    except Exception:
        return store.query(key)


def record(conn, row: str) -> None:
    try:  # a clause that makes a call the block made only in a branch of it
        existing = conn.execute("SELECT 1 FROM runs WHERE id = ?", (row,)).fetchone()
        if existing:
            conn.execute("ROLLBACK")
            return
        subprocess.run(["codex", "exec", "--full-auto", f"Process run {row}"], check=True)
        conn.execute("COMMIT")
    except Exception:
        conn.execute("ROLLBACK")
        raise
