"""A runner returns a result whose `status` is a string: "ok" only after a run that
exited 0 and printed its result event (`is_err` is true after any failure), "error" or
"timeout" otherwise. The program comes from the environment mapping it is given, with
`claude` as its default. The loop re-runs the agent whenever the status is not "ok"
(RA301)."""

import json
import subprocess
import time
from dataclasses import dataclass, field


@dataclass
class AgentResult:
    status: str  # "ok" | "error" | "timeout"
    events: list[dict] = field(default_factory=list)
    error: str = ""


def run_agent(prompt: str, env: dict[str, str], timeout: int) -> AgentResult:
    command = [env.get("AGENT_BIN", "claude"), "-p", prompt, "--output-format", "stream-json"]
    try:
        proc = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return AgentResult(status="timeout", error=f"no answer in {timeout}s")
    events = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    result = next((e for e in reversed(events) if e.get("type") == "result"), None)
    is_err = proc.returncode != 0 or result is None
    if is_err:
        return AgentResult(status="error", events=events, error=proc.stderr[-500:])
    return AgentResult(status="ok", events=events)


def solve(prompt: str, env: dict[str, str], retries: int = 3) -> AgentResult:
    failures = 0
    while True:  # expect: RA301
        outcome = run_agent(prompt, env, timeout=1800)
        if outcome.status == "ok":
            return outcome
        failures += 1
        if failures > retries:
            return outcome
        print(f"{outcome.status}: {outcome.error[:120]}")
        time.sleep(30)


def solve_briefly(prompt: str, env: dict[str, str]) -> bool:
    """The status compared outside the `if`: the message names the field compared."""
    for _ in range(3):  # expect: RA301
        outcome = run_agent(prompt, env, timeout=600)
        done = outcome.status == "ok"
        if done:
            return True
        time.sleep(5)
    return False
