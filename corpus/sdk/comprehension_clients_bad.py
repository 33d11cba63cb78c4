"""RA401: one client per API key, built in a dict comprehension and handed to the
method that sends the requests: each item of the dict is such a client, so the
`while True` loop that sends again on a rate limit stacks on the SDK's retries."""

import asyncio

import anthropic


class KeyPool:
    def __init__(self, keys: list[str]) -> None:
        self.keys = keys

    async def _ask(self, prompt: str, clients: dict[str, anthropic.AsyncAnthropic]) -> str:
        while True:
            client = clients[self.keys[0]]
            try:
                reply = await client.messages.create(
                    model="m", max_tokens=100, messages=[{"role": "user", "content": prompt}]
                )
                return str(reply.content)
            except anthropic.RateLimitError:
                self.keys.append(self.keys.pop(0))
                await asyncio.sleep(1)

    def ask_all(self, prompts: list[str]) -> list[str]:
        async def run() -> list[str]:
            clients = {
                key: anthropic.AsyncAnthropic(api_key=key)  # expect: RA401(warning)
                for key in self.keys
            }
            return await asyncio.gather(*(self._ask(p, clients) for p in prompts))

        return asyncio.run(run())
