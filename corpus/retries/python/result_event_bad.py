"""RA301: the helper reads the run's outcome from claude's JSON result event
(`"is_error"`, `"subtype": "success"`) rather than its exit code, and returns it as
`ok`; the loop runs claude again whenever `ok` is false, so a run that failed part-way
through its tool calls is started over."""

import json
import subprocess
from dataclasses import dataclass


@dataclass
class Outcome:
    text: str
    ok: bool


def run_claude(prompt: str) -> Outcome:
    proc = subprocess.run(
        ["claude", "-p", prompt, "--output-format", "json", "--dangerously-skip-permissions"],
        capture_output=True,
        text=True,
    )
    event = json.loads(proc.stdout or "{}")
    if event.get("is_error") or event.get("subtype") != "success":
        return Outcome(event.get("result", "no result"), ok=False)
    return Outcome(event["result"], ok=True)


def answer(prompt: str) -> str:
    outcome = Outcome("", ok=False)
    for _ in range(3):  # expect: RA301(error)
        outcome = run_claude(prompt)
        if outcome.ok:
            break
    return outcome.text
