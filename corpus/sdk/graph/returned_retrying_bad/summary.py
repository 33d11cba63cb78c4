from openai import APIError, OpenAI

from .retrying import make_retrying


class Summariser:
    def __init__(self, api_key=None):
        self.client = OpenAI(api_key=api_key)  # expect: RA401

    def summarise(self, text):
        retryer = make_retrying(4, (APIError,))
        for attempt in retryer:
            with attempt:
                return self.client.responses.create(model="gpt-4o-mini", input=text)
        return None
