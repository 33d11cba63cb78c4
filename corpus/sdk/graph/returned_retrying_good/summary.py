import json

from openai import OpenAI

from .errors import retryable_errors
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

    def title(self, text):
        # what it retries comes from a call the analysis cannot read: never taken for
        # every failure
        for attempt in make_retrying(3, retryable_errors()):
            with attempt:
                return self.client.responses.create(model="gpt-4o-mini", input=text)
        return None
