"""RA301: an `except` clause that runs the step of its `try` once more (a fresh session
after a failed resume; a tuple of classes, and `except*`) re-runs the agent after its
tool calls already happened."""

import subprocess


class TurnFailed(Exception):
    pass


def run_codex_turn(prompt: str, session: str | None = None) -> str:
    argv = ["codex", "exec", "--full-auto", prompt]
    if session:
        argv = ["codex", "exec", "resume", session, prompt]
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        raise TurnFailed(done.stderr)
    return done.stdout


def answer_in_thread(prompt: str, session: str | None) -> str:
    try:
        reply = run_codex_turn(prompt, session=session)
    except TurnFailed:  # expect: RA301(warning)
        reply = run_codex_turn(prompt, session=None)
    return reply


def answer_either(prompt: str) -> str:
    try:
        return run_codex_turn(prompt)
    except (TurnFailed, OSError):  # expect: RA301(warning)
        return run_codex_turn(prompt, session=None)


def answer_in_group(prompt: str) -> str:
    try:
        return run_codex_turn(prompt)
    except* TurnFailed:  # expect: RA301(warning)
        run_codex_turn(prompt, session=None)
    return ""
