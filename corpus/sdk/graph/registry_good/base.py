from abc import ABC, abstractmethod


class Provider(ABC):
    @abstractmethod
    def complete(self, prompt: str) -> str:
        """One completion."""
