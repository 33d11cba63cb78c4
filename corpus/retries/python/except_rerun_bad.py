"""RA301: an `except` clause that runs the step of its `try` once more (a fresh session
after a failed resume, or the function calling itself) re-runs the agent after its tool
calls already happened."""

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


class Batch:
    def process(self, prompt: str, retries_left: int = 2) -> str:
        try:
            return run_codex_turn(prompt)
        except Exception:  # expect: RA301(error)
            if retries_left > 0:
                return self.process(prompt, retries_left - 1)
            raise
