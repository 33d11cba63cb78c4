from anthropic import Anthropic
from tenacity import retry, stop_after_attempt, wait_exponential


class Summarizer:
    def __init__(self):
        self.client = Anthropic()  # expect: RA401(warning)
        backoff = retry(stop=stop_after_attempt(3), wait=wait_exponential(max=30))
        self.summarize = backoff(self.summarize)
        self.classify = retry(stop=stop_after_attempt(5))(self._classify)

    def summarize(self, text):
        return self.client.messages.create(model="m", max_tokens=500, messages=[text])

    def _classify(self, text):
        return self.client.messages.create(model="m", max_tokens=5, messages=[text])
