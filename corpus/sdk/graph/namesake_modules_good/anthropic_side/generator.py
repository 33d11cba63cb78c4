import anthropic

from retrying import generate_with_retries


class Generator:
    def __init__(self) -> None:
        self.client = anthropic.Anthropic(max_retries=0)

    def generate(self, prompt: str) -> str:
        response = generate_with_retries(
            self.client.messages.create,
            {"model": "claude-sonnet-4-5", "max_tokens": 256, "messages": [prompt]},
        )
        return response.content[0].text
