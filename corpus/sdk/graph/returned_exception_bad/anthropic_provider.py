import anthropic

from .base import Provider


class AnthropicProvider(Provider):
    def initialize_client(self):
        self.client = anthropic.Anthropic(timeout=60)  # expect: RA401

    def perform_inference(self, messages):
        try:
            reply = self.client.messages.create(
                model="claude-haiku-4-5", max_tokens=256, messages=messages
            )
            return reply.model_dump()
        except Exception as error:
            return error
