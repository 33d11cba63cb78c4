import anthropic


class Rejected(Exception):
    """The provider refused the request as it was written."""


class AnthropicBackend:
    def complete(self, prompt: str) -> str:
        try:
            client = anthropic.Anthropic()
            reply = client.messages.create(
                model="claude-sonnet-4-5",
                max_tokens=1024,
                messages=[{"role": "user", "content": prompt}],
            )
        except Exception as err:
            if isinstance(err, anthropic.BadRequestError):
                raise Rejected(str(err)) from err
            raise
        return reply.content[0].text
