from abc import ABC, abstractmethod


class ChatBackend(ABC):
    @abstractmethod
    def chat(self, prompt: str) -> str:
        """One reply."""
