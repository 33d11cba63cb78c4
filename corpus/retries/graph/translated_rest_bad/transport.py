import anthropic


class RateLimited(Exception):
    """The provider asked us to slow down."""


class AnthropicTransport:
    def complete(self, prompt: str) -> str:
        try:
            client = anthropic.Anthropic()  # expect: RA401(warning)
            reply = client.messages.create(
                model="claude-sonnet-4-5",
                max_tokens=1024,
                messages=[{"role": "user", "content": prompt}],
            )
        except Exception as err:
            if isinstance(err, anthropic.RateLimitError):
                raise RateLimited(str(err)) from err
            raise
        return reply.content[0].text
