"""RA401: SDK clients that retry on their own under the application's retries."""

import backoff
import tenacity
from anthropic import Anthropic
from openai import OpenAI

MAX_SDK_RETRIES = 1 + 2

client = OpenAI()  # expect: RA401(warning)


@tenacity.retry(stop=tenacity.stop_after_attempt(6))
def ask(prompt: str) -> str:
    reply = client.chat.completions.create(model="m", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content or ""


class Summariser:
    def __init__(self) -> None:
        self.llm = Anthropic(max_retries=MAX_SDK_RETRIES)  # expect: RA401(warning)

    @backoff.on_exception(backoff.expo, Exception, max_tries=4)
    def summarise(self, text: str) -> str:
        message = self.llm.messages.create(model="m", max_tokens=100, messages=[])
        return str(message)


def make_client(options: dict) -> OpenAI:
    return OpenAI(**options)  # expect: RA401(info)


def translate(text: str, options: dict) -> str:
    for attempt in range(3):
        try:
            return str(make_client(options).responses.create(model="m", input=text))
        except Exception:
            continue
    return text
