"""A method picked by name (`getattr(self, f"send_{self.provider}")`) sends through a
client with the SDK's default retries, under the class's own retry loop: the name's
leading text says which methods it may be (RA401 at the client)."""

import time

from openai import OpenAI


class Promptable:
    def __init__(self, provider: str = "openai") -> None:
        self.provider = provider
        self.client = OpenAI()  # expect: RA401

    def send_openai(self, prompt: str) -> str:
        reply = self.client.chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""

    def send_echo(self, prompt: str) -> str:
        return prompt

    def ask(self, prompt: str, retries: int = 3) -> str:
        send = getattr(self, f"send_{self.provider}")
        for attempt in range(retries):
            try:
                return send(prompt)
            except Exception:
                time.sleep(2**attempt)
        raise RuntimeError("no answer")
