from typing import Protocol


class TextProvider(Protocol):
    def complete(self, prompt: str) -> str: ...
