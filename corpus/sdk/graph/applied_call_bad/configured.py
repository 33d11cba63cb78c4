from openai import OpenAI

from .retrying import model_retry


class Configured:
    def __init__(self, settings):
        self.client = OpenAI(max_retries=settings.retries)  # expect: RA401(info)
        self.ask = model_retry(self._ask)

    def _ask(self, question):
        return self.client.chat.completions.create(model="m", messages=[question])
