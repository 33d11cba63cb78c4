import backoff
from openai import OpenAI

from .zero_clients import build_zero_client


class ZeroChat:
    def __init__(self, api_key: str) -> None:
        self.client = build_zero_client(OpenAI, api_key=api_key)

    @backoff.on_exception(backoff.expo, Exception, max_tries=3)
    def send(self, prompt: str) -> str:
        reply = self.client.chat.completions.create(
            model="gpt-5", messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""
