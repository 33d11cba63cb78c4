"""The near misses of status_text_result_bad.py: a loop over items that moves on after a
failure, and a loop that stops at the first status other than "ok"."""

import subprocess
from dataclasses import dataclass


@dataclass
class AgentResult:
    status: str  # "ok" | "error"
    error: str = ""


def run_agent(prompt: str, env: dict[str, str]) -> AgentResult:
    command = [env.get("AGENT_BIN", "claude"), "-p", prompt]
    proc = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900)
    if proc.returncode != 0 or not proc.stdout.strip():
        return AgentResult(status="error", error=proc.stderr[-500:])
    return AgentResult(status="ok")


def solve_all(prompts: list[str], env: dict[str, str]) -> list[str]:
    failed = []
    for prompt in prompts:
        outcome = run_agent(prompt, env)
        if outcome.status != "ok":
            failed.append(prompt)
    return failed


def solve_in_turn(prompts: list[str], env: dict[str, str]) -> bool:
    index = 0
    while index < len(prompts):
        outcome = run_agent(prompts[index], env)
        if outcome.status != "ok":
            return False
        index += 1
    return True
