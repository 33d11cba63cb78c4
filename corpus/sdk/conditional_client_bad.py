"""One statement builds the client two ways (`OpenAI(**kw) if kw else OpenAI()`): one defect,
one finding at the branch whose retries are known, the other branch a related place."""
import time

from openai import OpenAI


class Embedder:
    def __init__(self, base_url=None):
        options = {"base_url": base_url} if base_url else {}
        self.client = (
            OpenAI(**options)
            if options
            else OpenAI()  # expect: RA401(warning)
        )

    def embed(self, texts):
        for attempt in range(5):
            try:
                return self.client.embeddings.create(model="m", input=texts)
            except Exception:
                time.sleep(2**attempt)
        return None
