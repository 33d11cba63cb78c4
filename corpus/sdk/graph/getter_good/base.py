from tenacity import retry, stop_after_attempt


class Assistant:
    """A lazily built client whose subclass turns the SDK's retries off."""

    _client = None

    @property
    def client(self):
        if self._client is None:
            self._client = self.make_client()
        return self._client

    def make_client(self):
        raise NotImplementedError

    @retry(stop=stop_after_attempt(5))
    def reply(self, prompt):
        return self.client.messages.create(model="claude", max_tokens=512, messages=[prompt])
