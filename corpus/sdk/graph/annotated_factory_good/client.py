"""The client gets its strategy from the factory and its SDK client from the strategy,
then sends each request again in a loop on any failure."""

from .strategies import BackendFactory


class CompletionClient:
    def __init__(self, provider: str, api_key: str) -> None:
        self._strategy = BackendFactory.get_strategy(provider)
        self._client = self._strategy.create_client(api_key)

    def generate(self, prompt: str) -> str:
        attempts = 0
        while attempts < 5:
            try:
                reply = self._client.chat.completions.create(
                    model="m", messages=[{"role": "user", "content": prompt}]
                )
                return reply.choices[0].message.content or ""
            except Exception:
                attempts += 1
        raise RuntimeError("no reply")
