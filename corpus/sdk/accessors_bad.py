"""RA401: clients reached through a property, a lazy getter or a subclass's factory."""

import functools
import time

import anthropic
import tenacity
from openai import AzureOpenAI, OpenAI


class Assistant:
    _client: anthropic.Anthropic | None = None

    @property
    def client(self) -> anthropic.Anthropic:
        if self._client is None:
            self._client = self.build_client()
        return self._client

    def build_client(self) -> anthropic.Anthropic:
        raise NotImplementedError


class ClaudeAssistant(Assistant):
    def build_client(self) -> anthropic.Anthropic:
        return anthropic.Anthropic(timeout=30)  # expect: RA401(warning)

    def reply(self, text: str) -> str:
        for _ in range(4):
            try:
                message = self.client.messages.create(model="m", max_tokens=50, messages=[])
                return str(message)
            except anthropic.APIStatusError:
                time.sleep(2)
        return text


class Drafter:
    def __init__(self) -> None:
        self._llm: AzureOpenAI | None = None

    def _get_llm(self) -> AzureOpenAI:
        if self._llm is None:
            self._llm = AzureOpenAI(api_version="2024-10-21")  # expect: RA401(warning)
        return self._llm

    def _draft_once(self, topic: str) -> str:
        reply = self._get_llm().chat.completions.create(model="m", messages=[])
        return reply.choices[0].message.content or topic

    def draft(self, topic: str) -> str:
        for attempt in range(6):
            try:
                return self._draft_once(topic)
            except Exception:
                time.sleep(attempt)
        return topic


class Grader:
    @functools.cached_property
    def judge(self) -> OpenAI:
        return OpenAI(max_retries=1)  # expect: RA401(warning)

    @tenacity.retry(stop=tenacity.stop_after_attempt(3))
    def grade(self, answer: str) -> str:
        return str(self.judge.responses.create(model="m", input=answer))


class Swallowing:
    """The helper turns every failure into `None`, and the loop goes round on `None`: a
    failed request is sent again, each time with the SDK's own retries."""

    def __init__(self) -> None:
        self.llm = AzureOpenAI(api_version="2024-10-21")  # expect: RA401(warning)

    def _try_once(self, topic: str) -> str | None:
        try:
            reply = self.llm.chat.completions.create(model="m", messages=[])
        except Exception:
            return None
        return reply.choices[0].message.content

    def draft(self, topic: str) -> str:
        for _ in range(3):
            found = self._try_once(topic)
            if found:
                return found
        return topic
