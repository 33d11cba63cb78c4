"""A request method bound to a name before it is sent (`create = client.chat.completions.create`)."""

import openai
from tenacity import retry, stop_after_attempt


class Model:
    def __init__(self) -> None:
        self.aclient = openai.AsyncOpenAI()  # expect: RA401(warning)

    @retry(stop=stop_after_attempt(5))
    async def complete(self, prompt: str, stream: bool = False) -> object:
        create = self.aclient.chat.completions.create
        return await create(model="gpt-4o", messages=[{"role": "user", "content": prompt}])
