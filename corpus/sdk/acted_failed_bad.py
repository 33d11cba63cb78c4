"""An agent's step loop acts on each decision, but sends a failed one again at once
(`if decision is None: continue`): `choose` turns the client's failure into None, so the
loop is a retry of that request on top of the client's own."""

from typing import Any

from openai import OpenAI

chooser = OpenAI()  # expect: RA401(warning)


def choose(observation: str) -> dict[str, Any] | None:
    try:
        reply = chooser.chat.completions.create(model="gpt-4o", messages=[])
        return {"action": reply.choices[0].message.content or "", "done": False}
    except Exception:
        return None


def carry_out(page: Any, decision: dict[str, Any]) -> None:
    page.act(decision["action"])


def browse(page: Any, steps: int) -> None:
    for _ in range(steps):
        decision = choose(page.snapshot())
        if decision is None:
            continue
        if decision["done"]:
            break
        carry_out(page, decision)
