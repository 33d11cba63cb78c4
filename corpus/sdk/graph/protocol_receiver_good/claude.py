from anthropic import Anthropic


class ClaudeProvider:
    def __init__(self, api_key: str) -> None:
        self.client = Anthropic(api_key=api_key, max_retries=0)

    def complete(self, prompt: str) -> str:
        reply = self.client.messages.create(
            model="claude-sonnet-4-5", max_tokens=512, messages=[{"role": "user", "content": prompt}]
        )
        return reply.content[0].text
