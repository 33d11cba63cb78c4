import anthropic

from .base import Assistant


class ClaudeAssistant(Assistant):
    def make_client(self):
        return anthropic.Anthropic(max_retries=0)
