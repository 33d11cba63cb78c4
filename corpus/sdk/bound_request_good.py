"""A bound request method under the application's retries, with the SDK's own retries off;
and a bound method that sends nothing."""

import openai
from tenacity import retry, stop_after_attempt


class Model:
    def __init__(self) -> None:
        self.aclient = openai.AsyncOpenAI(max_retries=0)
        self.local = openai.OpenAI()

    @retry(stop=stop_after_attempt(5))
    async def complete(self, prompt: str) -> object:
        create = self.aclient.chat.completions.create
        return await create(model="gpt-4o", messages=[{"role": "user", "content": prompt}])

    @retry(stop=stop_after_attempt(5))
    def options(self) -> object:
        copy = self.local.copy
        return copy(timeout=30)
