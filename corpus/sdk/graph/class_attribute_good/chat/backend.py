"""Near miss: the class's clients, kept on the class, with their retries off
(the session's loops own recovery)."""

import openai


class Backend:
    _client: openai.OpenAI | None = None
    _async: openai.AsyncOpenAI | None = None

    def __init__(self, model: str) -> None:
        if Backend._client is None:
            Backend._client = openai.OpenAI(max_retries=0)
        self.model = model

    @classmethod
    def connect(cls) -> None:
        cls._async = openai.AsyncOpenAI(timeout=30, max_retries=0)

    def query(self, prompt: str) -> str:
        reply = Backend._client.chat.completions.create(
            model=self.model, messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""

    async def aquery(self, prompt: str) -> str:
        reply = await self._async.chat.completions.create(
            model=self.model, messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""
