from functools import wraps

from openai import OpenAI
from tenacity import retry, stop_after_attempt, wait_exponential


class Provider:
    def __init__(self, tries=5):
        self.tries = tries
        self.client = OpenAI()  # expect: RA401

    def with_backoff(method):
        """Retries the method with the instance's own attempt count."""

        @wraps(method)
        def wrapper(self, *args, **kwargs):
            retrying = retry(wait=wait_exponential(), stop=stop_after_attempt(self.tries))
            return retrying(method)(self, *args, **kwargs)

        return wrapper

    @with_backoff
    def generate(self, prompt):
        reply = self.client.chat.completions.create(model="gpt-4o", messages=[prompt])
        return reply.choices[0].message.content
