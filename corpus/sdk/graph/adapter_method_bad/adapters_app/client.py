from adapters_app.openrouter import OpenRouterAdapter
from adapters_app.retry import retry_async


class Client:
    def __init__(self, provider: str) -> None:
        self.adapter = self._create_adapter(provider)

    def _create_adapter(self, provider: str):
        adapters = {"openrouter": OpenRouterAdapter}
        adapter_class = adapters.get(provider)
        if not adapter_class:
            raise ValueError(f"unknown provider {provider}")
        return adapter_class()

    async def chat(self, messages):
        return await retry_async(self.adapter.chat, messages)
