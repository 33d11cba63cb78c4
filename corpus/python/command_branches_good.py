"""Near misses: commands built per branch that keep the agent's status, and an assignment
that every run passes through, which hides the ones before it."""

import subprocess


def run_agent(agent: str, prompt: str, log: str) -> int:
    if agent == "claude":
        cmd = f"set -o pipefail; claude -p {prompt} | tee {log}"
    else:
        cmd = f"set -o pipefail; gptme --non-interactive {prompt} | tee {log}"
    result = subprocess.run(["bash", "-c", cmd])
    return result.returncode


def start_pane(agent: str, prompt: str, session: str) -> None:
    if agent == "claude":
        command = f"claude -p '{prompt}' > agent.log 2>&1"
    else:
        command = f"gptme -n '{prompt}' > agent.log 2>&1"
    subprocess.run(["tmux", "new-session", "-d", "-s", session, command], check=True)
    subprocess.run(["tmux", "pipe-pane", "-t", session, "cat >> pane.log"], check=True)


def superseded(prompt: str, log: str) -> int:
    cmd = f"claude -p {prompt} | tee {log}"
    cmd = f"claude -p {prompt} > {log} 2>&1"  # always replaces the pipeline above
    return subprocess.run(["bash", "-c", cmd]).returncode


def per_task(tasks: list[str]) -> None:
    for task in tasks:
        # Set before the run on every turn: no earlier value comes round.
        script = f"claude -p '{task}' > run.log"
        rc = subprocess.call(["bash", "-c", script])
        if rc != 0:
            raise SystemExit(rc)
        script = f"claude -p '{task}' | tee run.log"
