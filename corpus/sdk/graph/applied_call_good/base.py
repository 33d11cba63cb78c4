from openai import AsyncOpenAI, OpenAI

from .retrying import apply_retry, logged, model_retry


class BaseProvider:
    def __init__(self, model):
        self.model = model
        self.client = OpenAI()
        self.aclient = AsyncOpenAI(max_retries=0)
        self.call = apply_retry(self.call, default=logged)
        self.acall = apply_retry(self.acall, default=model_retry)

    def call(self, messages):
        raise NotImplementedError

    async def acall(self, messages):
        raise NotImplementedError
