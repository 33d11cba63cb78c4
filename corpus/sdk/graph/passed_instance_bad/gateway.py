from tenacity import retry, stop_after_attempt

from .backends.anthropic_backend import AnthropicBackend


class Gateway:
    def __init__(self, api_key):
        self.backend = self._make_backend(api_key)

    def _make_backend(self, api_key):
        return AnthropicBackend(api_key)

    @retry(stop=stop_after_attempt(4), reraise=True)
    async def complete(self, messages):
        return await self._complete_with(self.backend, messages)

    async def _complete_with(self, backend, messages):
        return await backend.complete(messages)
