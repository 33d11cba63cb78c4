from registry_app.base import BaseProvider


class Router:
    def __init__(self) -> None:
        self.providers: dict[str, BaseProvider] = {}

    def add(self, name: str, provider: BaseProvider) -> None:
        self.providers[name] = provider

    def generate(self, name: str, prompt: str) -> str:
        provider = self.providers.get(name)
        if provider is None:
            raise KeyError(name)
        return provider.generate(prompt)
