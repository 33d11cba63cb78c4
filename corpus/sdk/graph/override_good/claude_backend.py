import anthropic

from .backend import ChatBackend


class ClaudeBackend(ChatBackend):
    """Overrides `predict` without the retry: its client is sent once per call."""

    def __init__(self):
        self.client = anthropic.Anthropic()

    def predict(self, prompt):
        return self.client.messages.create(model="claude", max_tokens=256, messages=[prompt])
