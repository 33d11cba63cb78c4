"""RA401 where the layer's failures are a constant the analysis cannot read: a tuple
imported from a package outside the tree may hold the SDK's own classes (info)."""

import backoff
from openai import OpenAI
from vendor_llm_utils import ERRORS, RETRYABLE_ERRORS


class CompletionModel:
    def __init__(self, base_url: str) -> None:
        self.client = OpenAI(base_url=base_url)  # expect: RA401(info)

    def basic_request(self, prompt: str) -> object:
        return self.client.chat.completions.create(model="m", messages=[prompt])

    @backoff.on_exception(backoff.expo, ERRORS, max_time=600)
    def request(self, prompt: str) -> object:
        return self.basic_request(prompt)


embedder = OpenAI()  # expect: RA401(info)


def embed(text: str) -> object:
    for attempt in range(3):
        try:
            return embedder.embeddings.create(model="e", input=text)
        except RETRYABLE_ERRORS:
            continue
    return None
