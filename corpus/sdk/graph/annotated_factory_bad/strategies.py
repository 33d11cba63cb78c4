"""RA401: the factory hands out strategies kept in a class-level dict, so what it
returns is known only by its annotation (`-> ProviderStrategy`); every strategy
builds its client through the base class's `create_client`, with the SDK's retries."""

from abc import ABC, abstractmethod

from openai import OpenAI


class ProviderStrategy(ABC):
    @property
    @abstractmethod
    def base_url(self) -> str: ...

    def create_client(self, api_key: str) -> OpenAI:
        return OpenAI(api_key=api_key, base_url=self.base_url)  # expect: RA401(warning)


class GroqStrategy(ProviderStrategy):
    @property
    def base_url(self) -> str:
        return "https://api.groq.com/openai/v1"


class StrategyFactory:
    _strategies = {"groq": GroqStrategy()}

    @classmethod
    def get_strategy(cls, provider: str) -> ProviderStrategy:
        strategy = cls._strategies.get(provider)
        if strategy is None:
            raise ValueError(f"unknown provider {provider}")
        return strategy
