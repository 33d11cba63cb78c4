from anthropic import AsyncAnthropic

from .base import Client


class IncompleteAnswer(Exception):
    pass


class ClaudeClient(Client):
    def __init__(self):
        self.client = AsyncAnthropic(timeout=60)  # expect: RA401

    async def _make_request(self, prompt, retry_count=1):
        async def single_attempt():
            async with self.client.messages.stream(model="claude", messages=[prompt]) as stream:
                message = await stream.get_final_message()
            if not message.content:
                raise IncompleteAnswer("no content")
            return message.content[0].text

        for attempt in range(retry_count + 1):  # retries its own error only
            try:
                return await single_attempt()
            except IncompleteAnswer:
                if attempt == retry_count:
                    raise
