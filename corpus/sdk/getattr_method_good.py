"""Near miss of getattr_method_bad.py: the method picked by name sends through a client
built with the SDK's retries off, so the loop's attempts are the only ones."""

import time

from openai import OpenAI


class Promptable:
    def __init__(self, provider: str = "openai") -> None:
        self.provider = provider
        self.client = OpenAI(max_retries=0)

    def send_openai(self, prompt: str) -> str:
        reply = self.client.chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""

    def ask(self, prompt: str, retries: int = 3) -> str:
        send = getattr(self, f"send_{self.provider}")
        for attempt in range(retries):
            try:
                return send(prompt)
            except Exception:
                time.sleep(2**attempt)
        raise RuntimeError("no answer")
