"""The project's turn runner: which program it runs is a keyword its callers give."""

import subprocess


class TurnError(Exception):
    pass


def run_turn(prompt: str, *, binary: str, cwd: str, session: str | None = None) -> str:
    argv = [binary, "-p", prompt, "--output-format", "json"]
    if session:
        argv += ["--resume", session]
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise TurnError(done.stderr)
    return done.stdout
