"""A loop that runs one engineer turn per iteration: a failed turn is logged and the loop
goes on exactly as after a success (the same checkpoint, the same pause), so the next turn
is new work, not a retry of the failed request; the client's own retries are the only
ones (no RA401)."""

import time

import anthropic

client = anthropic.Anthropic()


def engineer_turn(prompt: str) -> str:
    reply = client.messages.create(
        model="claude-sonnet-4-5", max_tokens=2048, messages=[{"role": "user", "content": prompt}]
    )
    return reply.content[0].text


def run(goal: str, iterations: int, once: bool = False) -> None:
    for iteration in range(iterations):
        try:
            notes = engineer_turn(f"Iteration {iteration}: work towards {goal}")
            with open("LOG.md", "a") as log:
                log.write(notes + "\n")
        except Exception as error:
            with open("LOG.md", "a") as log:
                log.write(f"iteration {iteration} failed: {error}\n")
        if once:
            break
        time.sleep(60)
