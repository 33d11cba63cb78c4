"""A helper module whose names another module takes with `from .launch_helpers import *`."""

import subprocess


def run_claude_edit(prompt, workdir):
    subprocess.run(["claude", "-p", prompt], cwd=workdir, check=True)
