"""The agents of one project: each answers a prompt."""

from abc import ABC, abstractmethod


class Agent(ABC):
    @abstractmethod
    def run(self, prompt: str) -> str: ...
