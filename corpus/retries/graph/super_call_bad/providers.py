"""Provider classes: each builds the argv of its agent's CLI."""

from abc import ABC, abstractmethod


class BaseProvider(ABC):
    @abstractmethod
    def build_command(self, prompt: str) -> list[str]:
        """The argv that runs the agent on `prompt`."""


class ClaudeProvider(BaseProvider):
    def build_command(self, prompt: str) -> list[str]:
        return ["claude", "--dangerously-skip-permissions", "-p", prompt]
