import logging

from openai import OpenAI

from ..base import Provider


class OpenAIProvider(Provider):
    def __init__(self):
        self.client = OpenAI()

    def complete(self, prompt):
        try:
            return self.client.chat.completions.create(model="gpt-4o", messages=[prompt])
        except Exception:  # a failed completion is an empty answer: nothing to retry
            logging.exception("completion failed")
            return ""
