from collections.abc import Callable
from typing import Any

import anthropic

from .errors import ProviderError


def build_client(token: str) -> anthropic.AsyncAnthropic:
    return anthropic.AsyncAnthropic(api_key=token)  # expect: RA401(warning)


class HostedProvider:
    def __init__(self, build: Callable[[str], Any] = build_client) -> None:
        self._build = build

    async def answer(self, prompt: str, token: str) -> str:
        client = self._build(token)
        try:
            reply = await client.messages.create(
                model="claude-sonnet-4-5",
                max_tokens=1024,
                messages=[{"role": "user", "content": prompt}],
            )
        except anthropic.APIError as error:
            raise ProviderError(str(error)) from None
        return reply.content[0].text
