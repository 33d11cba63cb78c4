from typing import Protocol


class LLMError(Exception):
    """A language model call failed."""


class ProviderError(LLMError):
    """A provider's request failed."""


class Provider(Protocol):
    name: str

    def complete(self, prompt: str) -> str: ...


class BaseProvider:
    name = "base"

    def complete(self, prompt: str) -> str:
        raise NotImplementedError
