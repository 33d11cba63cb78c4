"""Another project's providers."""

from abc import ABC, abstractmethod


class Provider(ABC):
    @abstractmethod
    def run(self, prompt: str) -> str: ...
