"""Near miss: the same factory, whose strategies build their client with
`max_retries=0`: the loop that sends a request again is the only retry layer."""

from abc import ABC, abstractmethod

from openai import OpenAI


class BackendStrategy(ABC):
    @property
    @abstractmethod
    def base_url(self) -> str: ...

    def create_client(self, api_key: str) -> OpenAI:
        return OpenAI(api_key=api_key, base_url=self.base_url, max_retries=0)


class MistralStrategy(BackendStrategy):
    @property
    def base_url(self) -> str:
        return "https://api.groq.com/openai/v1"


class BackendFactory:
    _strategies = {"groq": MistralStrategy()}

    @classmethod
    def get_strategy(cls, provider: str) -> BackendStrategy:
        strategy = cls._strategies.get(provider)
        if strategy is None:
            raise ValueError(f"unknown provider {provider}")
        return strategy
