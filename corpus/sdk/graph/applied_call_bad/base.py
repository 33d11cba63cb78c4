from os import getenv

import openai
from openai import AsyncOpenAI, OpenAI

from .retrying import apply_retry, model_retry


class BaseProvider:
    def __init__(self, model):
        self.model = model
        retries = getenv("OPENAI_MAX_RETRIES", openai.DEFAULT_MAX_RETRIES)
        self.client = OpenAI(max_retries=retries)  # expect: RA401
        self.aclient = AsyncOpenAI(max_retries=retries)  # expect: RA401
        self.call = apply_retry(self.call, getattr(self, "retry", None), default=model_retry)
        self.acall = apply_retry(self.acall, getattr(self, "retry", None), default=model_retry)

    def call(self, messages):
        raise NotImplementedError

    async def acall(self, messages):
        raise NotImplementedError
