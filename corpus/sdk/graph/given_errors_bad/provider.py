import anthropic

from .retrying import BadAnswer, ProviderError, RateLimited, Transient, retry_with_backoff


class Provider:
    def __init__(self):
        self._client = anthropic.Anthropic(timeout=60)  # expect: RA401

    def generate(self, prompt):
        @retry_with_backoff((Transient, RateLimited), max_attempts=4)
        def _call():
            try:
                reply = self._client.messages.create(model="claude", messages=[prompt])
            except anthropic.RateLimitError as exc:
                raise RateLimited(str(exc)) from exc
            except (anthropic.APIConnectionError, anthropic.InternalServerError) as exc:
                raise Transient(str(exc)) from exc
            except anthropic.APIStatusError as exc:
                raise ProviderError(str(exc)) from exc
            if not reply.content:
                raise BadAnswer("no content")
            return reply.content[0].text

        return _call()
