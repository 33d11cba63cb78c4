from typing import Protocol


class Provider(Protocol):
    name: str

    def complete(self, prompt: str) -> str: ...


class BaseProvider:
    name = "base"

    def complete(self, prompt: str) -> str:
        raise NotImplementedError
