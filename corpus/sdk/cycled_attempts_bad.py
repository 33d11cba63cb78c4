"""RA401 for loops whose attempts repeat the same request: over the providers cycled to a
fixed number of attempts, over a list of one client repeated, over `itertools.repeat`. Each
client keeps the SDK's two retries under the loop's."""
import asyncio
import itertools
from itertools import cycle, islice

import anthropic
from openai import OpenAI

MAX_ATTEMPTS = 3


class Narrator:
    def __init__(self) -> None:
        self.claude = anthropic.Anthropic()  # expect: RA401(warning)

    async def narrate(self, facts: str) -> str:
        def invoke(provider: str) -> str:
            reply = self.claude.messages.create(
                model="claude-sonnet-4-5", max_tokens=800, messages=[{"role": "user", "content": facts}]
            )
            return reply.content[0].text

        attempts = list(islice(cycle(["anthropic"]), MAX_ATTEMPTS))
        for number, provider in enumerate(attempts, start=1):
            try:
                return await asyncio.to_thread(invoke, provider)
            except Exception:
                continue
        return ""


gpt = OpenAI()  # expect: RA401(warning)


def classify(text: str) -> str:
    for _ in itertools.repeat(None, 4):
        try:
            reply = gpt.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": text}])
            return reply.choices[0].message.content or ""
        except Exception:
            pass
    return "unknown"
