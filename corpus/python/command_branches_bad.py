"""A command built in each branch (one agent per arm, a `try` and its fallback, a later
turn of a loop): every definition that reaches the run is audited, not only the last."""

import subprocess


def run_agent(agent: str, prompt: str, log: str) -> int:
    if agent == "claude":
        cmd = f"claude -p {prompt} | tee {log}"  # expect: RA101(error)
    else:
        cmd = f"gptme --non-interactive {prompt} | tee {log}"  # expect: RA101(error)
    result = subprocess.run(["bash", "-c", cmd])
    return result.returncode


def start_pane(agent: str, prompt: str, session: str) -> None:
    # A detached tmux session: nothing reads either agent's status.
    if agent == "claude":
        command = f"claude -p '{prompt}' | tee -a agent.log"  # expect: RA203(warning)
    else:
        command = f"gptme -n '{prompt}' | tee -a agent.log"  # expect: RA203(warning)
    subprocess.run(["tmux", "new-session", "-d", "-s", session, command], check=True)


def run_tasks(first: str, tasks: list[str]) -> None:
    # The first turn runs gptme; every later turn runs the claude command set at its end.
    script = f"gptme -n '{first}' | tee run.log"  # expect: RA101(error)
    for task in tasks:
        rc = subprocess.call(["bash", "-c", script])
        if rc != 0:
            print(f"turn failed with {rc}")
        script = f"claude -p '{task}' | tee run.log"  # expect: RA101(error)


def with_fallback(prompt: str, settings: dict[str, str]) -> int:
    try:
        model = settings["model"]
        command = f"claude -p --model {model} '{prompt}' | tee claude.log"  # expect: RA101(error)
    except KeyError:
        command = f"gptme -n '{prompt}' | tee gptme.log"  # expect: RA101(error)
    return subprocess.call(command, shell=True)
