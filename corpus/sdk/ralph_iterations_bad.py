"""The retrying form of ralph_iterations_good.py: a failed turn goes round at once with
`continue`, skipping the log a success writes, so the loop sends the failed request again
under the client's own retries (RA401)."""

import time

import anthropic

client = anthropic.Anthropic()  # expect: RA401(warning)


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
            print(f"iteration {iteration} failed: {error}; trying again")
            continue
        if once:
            break
        time.sleep(60)
