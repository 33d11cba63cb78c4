import json

from anthropic import Anthropic
from tenacity import retry, stop_after_attempt


class Summarizer:
    def __init__(self, path):
        self.client = Anthropic()
        self.path = path
        self.load = retry(stop=stop_after_attempt(3))(self._load)

    def _load(self):
        with open(self.path) as handle:
            return json.load(handle)

    def summarize(self, text):
        return self.client.messages.create(model="m", max_tokens=500, messages=[text])
