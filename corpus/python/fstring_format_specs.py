"""f-string commands whose fields carry a format spec: the spec is text, not code."""

import subprocess


def padded_task(task: str, width: int) -> None:
    # A quote and a bracket in a format spec: the command is still read whole.
    subprocess.run(f"claude -p {task:'>{width}} | tee run.log", shell=True, check=True)  # expect: RA101(error)
    subprocess.run(f"gptme {task:)>20} | tee run.log", shell=True, check=True)  # expect: RA101(error)


def padded_task_with_pipefail(task: str, width: int) -> None:
    # Near miss: the same command with pipefail set in the string.
    subprocess.run(
        f"set -o pipefail; claude -p {task:'>{width}} | tee run.log",
        shell=True,
        check=True,
        executable="/bin/bash",
    )
