"""Near miss: an agent's step loop tests each decision (to stop when it is done) and acts
on it every turn; its turns are steps of the work, each on what the last one left, not
attempts at a failed request."""

from typing import Any

from openai import OpenAI

client = OpenAI()


def decide(observation: str) -> dict[str, Any]:
    try:
        reply = client.chat.completions.create(model="gpt-4o", messages=[])
        return {"action": reply.choices[0].message.content or "", "done": False}
    except Exception:
        return {"action": "scroll", "done": False}


def perform(page: Any, decision: dict[str, Any]) -> None:
    page.act(decision["action"])


def audit(page: Any, steps: int) -> None:
    for _ in range(steps):
        decision = decide(page.snapshot())
        if decision["done"]:
            break
        perform(page, decision)
