from anthropic import Anthropic


class ProviderError(Exception):
    pass


class ClaudeProvider:
    def __init__(self, api_key: str) -> None:
        self.client = Anthropic(api_key=api_key, max_retries=0)

    def generate(self, prompt: str) -> str:
        try:
            message = self.client.messages.create(
                model="claude-sonnet-4-5",
                max_tokens=1024,
                messages=[{"role": "user", "content": prompt}],
            )
        except Exception as error:
            raise ProviderError(str(error)) from error
        return message.content[0].text
