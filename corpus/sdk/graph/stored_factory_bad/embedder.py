import time

from openai import OpenAI


class Embedder:
    def __init__(self, base_url=None):
        self._client = None
        self._factory = lambda: OpenAI(base_url=base_url)  # expect: RA401(warning)

    def _get_client(self):
        if self._client is None:
            self._client = self._factory()
        return self._client

    def embed(self, texts):
        for attempt in range(5):
            try:
                client = self._get_client()
                return client.embeddings.create(model="text-embedding-3-small", input=texts)
            except Exception:
                time.sleep(2**attempt)
        return None
