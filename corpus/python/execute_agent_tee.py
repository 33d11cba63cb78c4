"""A run-loop helper that streams the agent's output through tee (the seed pattern)."""

import shlex
import shutil
import subprocess
from pathlib import Path


def execute_agent(prompt_file: Path, log_file: Path, model: str | None = None) -> int:
    agent = shutil.which("gptme") or "gptme"
    cmd = [agent, "--non-interactive"]
    if model:
        cmd.extend(["--model", model])
    cmd.append(str(prompt_file))
    command = f"{shlex.join(cmd)} 2>&1 | tee {shlex.quote(str(log_file))}"  # expect: RA101(error)
    result = subprocess.run(command, shell=True, timeout=3600)
    return result.returncode


def execute_agent_fixed(prompt_file: Path, log_file: Path) -> int:
    cmd = ["gptme", "--non-interactive", str(prompt_file)]
    command = f"set -o pipefail; {shlex.join(cmd)} 2>&1 | tee {shlex.quote(str(log_file))}"
    result = subprocess.run(command, shell=True, executable="/bin/bash")
    return result.returncode


def execute_agent_unread(prompt_file: Path, log_file: Path) -> None:
    # The status is never read here, so no pipeline finding (a lost status is RA203's).
    subprocess.run(f"gptme {prompt_file} | tee {log_file}", shell=True)  # expect: RA203(warning)
