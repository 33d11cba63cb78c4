"""Near misses: a launcher that opens an agent's interactive session in the user's own
terminal (no headless word, the terminal as its input and output): how the session
ended is the user's to see, as the shell rules judge `claude` typed at a prompt."""

import shutil
import subprocess
from pathlib import Path


def open_session(worktree: Path, repo_root: Path, query: str | None) -> None:
    claude = shutil.which("claude") or "claude"
    argv = [claude, "--add-dir", str(repo_root)]
    if query:
        argv.extend(["--", query])
    subprocess.run(argv, cwd=worktree)


def resume(worktree: Path) -> None:
    subprocess.run(["claude", "--continue"], cwd=worktree, stdout=None)


def pair(model: str) -> None:
    subprocess.call(["aider", "--model", model])


def attach(worktree: Path, task: str) -> None:
    argv = ["claude", "--add-dir", str(worktree)]
    argv.append(task)
    process = subprocess.Popen(argv, cwd=worktree)
    process.wait()
