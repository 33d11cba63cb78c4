from types import ModuleType

import anthropic


class InjectedModel:
    """Its SDK-like module is given by the caller (a recording fake in tests, whose
    client class has no retries): the parameter named like the import is not the import."""

    def __init__(self, anthropic: ModuleType) -> None:
        self._anthropic = anthropic

    async def complete(self, messages: list[dict[str, str]]) -> str:
        client = self._anthropic.AsyncAnthropic()
        reply = await client.messages.create(model="m", max_tokens=512, messages=messages)
        return reply.content[0].text


def is_overloaded(error: Exception) -> bool:
    return isinstance(error, anthropic.APIStatusError) and error.status_code == 529
