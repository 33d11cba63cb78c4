"""One statement builds the client two ways, each with the SDK's retries off: the loop is
the one retry layer."""
import time

from openai import OpenAI


class Embedder:
    def __init__(self, base_url=None):
        options = {"base_url": base_url} if base_url else {}
        self.client = (
            OpenAI(max_retries=0, **options)
            if options
            else OpenAI(max_retries=0)
        )

    def embed(self, texts):
        for attempt in range(5):
            try:
                return self.client.embeddings.create(model="m", input=texts)
            except Exception:
                time.sleep(2**attempt)
        return None
