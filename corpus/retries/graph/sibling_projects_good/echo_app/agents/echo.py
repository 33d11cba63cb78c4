"""An agent that sends nothing anywhere."""

from agents.base import Agent


class EchoAgent(Agent):
    def run(self, prompt: str) -> str:
        return prompt.upper()
