"""One client for every instance, kept on the class (`Backend._client = …`, also
`cls._client` in a classmethod): what the class holds is what its methods send through."""

import openai


class Backend:
    _client: openai.OpenAI | None = None
    _async: openai.AsyncOpenAI | None = None

    def __init__(self, model: str) -> None:
        if Backend._client is None:
            Backend._client = openai.OpenAI()  # expect: RA401(warning)
        self.model = model

    @classmethod
    def connect(cls) -> None:
        cls._async = openai.AsyncOpenAI(timeout=30)  # expect: RA401(warning)

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
