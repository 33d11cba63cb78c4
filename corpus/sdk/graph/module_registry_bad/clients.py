import os

from anthropic import AsyncAnthropic
from openai import AsyncOpenAI

CLIENTS: dict[str, AsyncAnthropic | AsyncOpenAI] = {}

if os.environ.get("ANTHROPIC_API_KEY"):
    CLIENTS["anthropic"] = AsyncAnthropic()  # expect: RA401(warning)
if os.environ.get("OPENAI_API_KEY"):
    CLIENTS["openai"] = AsyncOpenAI()


def register(name: str, client: AsyncAnthropic | AsyncOpenAI) -> None:  # expect: RA401(info)
    CLIENTS[name] = client
