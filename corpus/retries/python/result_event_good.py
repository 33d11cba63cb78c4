"""Near miss of a run judged by its result event: `ok` says what the answer says
(the reviewer's `APPROVED`), not how the run went, and the loop asks again for a
new review of a revised draft: a verdict, not a failed run."""

import json
import subprocess
from dataclasses import dataclass


@dataclass
class Review:
    text: str
    ok: bool


def review(draft: str) -> Review:
    proc = subprocess.run(
        ["claude", "-p", f"Review:\n{draft}", "--output-format", "json"],
        capture_output=True,
        text=True,
    )
    event = json.loads(proc.stdout or "{}")
    if "APPROVED" in event.get("result", ""):
        return Review(event["result"], ok=True)
    return Review(event.get("result", ""), ok=False)


def revise(draft: str) -> str:
    for _ in range(3):
        verdict = review(draft)
        if verdict.ok:
            break
        draft = draft + "\n" + verdict.text
    return draft
