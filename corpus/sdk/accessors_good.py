"""Near misses for RA401: accessors whose client keeps no retries, is not a client, or
whose requests no layer retries."""

import functools
import time

import anthropic
import tenacity
from openai import AzureOpenAI


class Settings:
    @property
    def client(self) -> dict[str, str]:
        return {"model": "m"}

    @tenacity.retry(stop=tenacity.stop_after_attempt(3))
    def model(self) -> str:
        return self.client.get("model", "m")


class QuietAssistant:
    _client: anthropic.Anthropic | None = None

    @property
    def client(self) -> anthropic.Anthropic:
        if self._client is None:
            self._client = anthropic.Anthropic(max_retries=0)
        return self._client

    def reply(self, text: str) -> str:
        for _ in range(4):
            try:
                return str(self.client.messages.create(model="m", max_tokens=50, messages=[]))
            except anthropic.APIStatusError:
                time.sleep(2)
        return text


class OneShot:
    def __init__(self) -> None:
        self._llm: AzureOpenAI | None = None

    def _get_llm(self) -> AzureOpenAI:
        if self._llm is None:
            self._llm = AzureOpenAI(api_version="2024-10-21")
        return self._llm

    def draft(self, topic: str) -> str:
        reply = self._get_llm().chat.completions.create(model="m", messages=[])
        return reply.choices[0].message.content or topic


class Unrelated:
    @functools.cached_property
    def client(self) -> str:
        return "offline"

    def reply(self, text: str) -> str:
        for _ in range(3):
            try:
                return self.client.upper() + text
            except ValueError:
                time.sleep(1)
        return text


class Careful:
    """The loop goes round on an empty answer only: a failed request raises out of it,
    so no failure is sent again."""

    def __init__(self) -> None:
        self.llm = AzureOpenAI(api_version="2024-10-21")

    def _try_once(self, topic: str) -> str | None:
        reply = self.llm.chat.completions.create(model="m", messages=[])
        return reply.choices[0].message.content

    def draft(self, topic: str) -> str:
        for _ in range(3):
            found = self._try_once(topic)
            if found:
                return found
        return topic
