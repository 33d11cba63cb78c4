import openai


class BaseClient:
    MAX_RETRIES = 2

    async def generate(self, messages):
        attempt = 0
        while attempt <= self.MAX_RETRIES:
            try:
                return await self._generate(messages)
            except (openai.RateLimitError, openai.APIConnectionError):
                raise  # left to the SDK's client
            except Exception as error:
                attempt += 1
                messages = [*messages, {"role": "user", "content": f"Invalid: {error}"}]
        raise RuntimeError("no valid response")

    async def _generate(self, messages):
        raise NotImplementedError
