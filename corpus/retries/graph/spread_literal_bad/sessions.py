"""The project's session runner: which program it runs is a keyword its callers give."""

import subprocess


def run_session(task: str, *, program: str, workdir: str) -> str:
    done = subprocess.run(
        [program, "exec", "--full-auto", task], cwd=workdir, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    return done.stdout
