import json

from openai import OpenAI

from .retrying import make_retrying


class Summariser:
    def __init__(self, api_key=None):
        self.client = OpenAI(api_key=api_key)

    def summarise(self, text):
        # only an answer that is not JSON is asked for again: the request's own
        # failures are left to the SDK's retries
        retryer = make_retrying(4, (json.JSONDecodeError,))
        for attempt in retryer:
            with attempt:
                response = self.client.responses.create(model="gpt-4o-mini", input=text)
                return json.loads(response.output_text)
        return None
