import backoff
import openai


class ChatBackend:
    """The base retries its own `predict`; a subclass may replace it."""

    client = None

    @backoff.on_exception(backoff.expo, openai.RateLimitError, max_tries=3)
    def predict(self, prompt):
        return self.client.chat.completions.create(model="gpt-4o", messages=[prompt])
