"""Near miss: the same clients per key, built with `max_retries=0`: the loop that
rotates keys on a rate limit is the only layer that sends a request again."""

import asyncio

import anthropic


class RotatingKeys:
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
            clients = {key: anthropic.AsyncAnthropic(api_key=key, max_retries=0) for key in self.keys}
            return await asyncio.gather(*(self._ask(p, clients) for p in prompts))

        return asyncio.run(run())
