"""The project's command runner: which program it runs is a keyword its callers give."""

import subprocess


def run_tool(text: str, *, binary: str, cwd: str) -> str:
    done = subprocess.run([binary, text], cwd=cwd, capture_output=True, text=True, check=True)
    return done.stdout
