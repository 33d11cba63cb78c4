from stored_retry_good.providers import ClaudeProvider
from stored_retry_good.resilience import make_llm_retry


class StoredRetryAgent:
    def __init__(self, attempts: int = 4) -> None:
        self.provider = ClaudeProvider()
        self._retry = make_llm_retry(attempts=attempts, errors=(ValueError,))  # a reply it cannot parse

    async def ask(self, prompt: str) -> str:
        @self._retry
        async def _send() -> str:
            return await self.provider.send_turn(prompt)

        return await _send()
