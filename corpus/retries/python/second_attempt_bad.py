"""RA301: a step made again where the first test of what it gave says it failed, a
straight-line retry: the first run may have edited files and run tools before it failed,
and the second starts over (on another model, or without the session it resumed)."""
import subprocess


def run_codex(prompt: str, model: str = "gpt-5-codex") -> str | None:
    done = subprocess.run(
        ["codex", "exec", "--full-auto", "-m", model, prompt], capture_output=True, text=True
    )
    return done.stdout if done.returncode == 0 else None


def run_claude(prompt: str, session: str | None) -> str:
    argv = ["claude", "-p", prompt, "--permission-mode", "acceptEdits"]
    done = subprocess.run(argv + (["--resume", session] if session else []), capture_output=True, text=True)
    if done.returncode != 0:
        return f"Claude error (exit {done.returncode}): {done.stderr[:200]}"
    return done.stdout


def fix_issue(issue: str) -> str | None:
    answer = run_codex(f"Fix issue: {issue}")
    if answer is None:  # expect: RA301(error)
        answer = run_codex(f"Fix issue: {issue}", model="gpt-5-mini")
    return answer


def reply(message: str, session: str | None) -> str:
    text = run_claude(message, session)
    if session and text.startswith("Claude error"):  # expect: RA301(error)
        text = run_claude(message, None)
    return text

