import os

from anthropic import AsyncAnthropic
from openai import AsyncOpenAI

CLIENTS: dict[str, AsyncAnthropic | AsyncOpenAI] = {}

if os.environ.get("ANTHROPIC_API_KEY"):
    CLIENTS["anthropic"] = AsyncAnthropic(max_retries=0)
if os.environ.get("OPENAI_API_KEY"):
    CLIENTS["openai"] = AsyncOpenAI(max_retries=0)


def register(name: str, client: AsyncAnthropic | AsyncOpenAI) -> None:
    CLIENTS[name] = client.with_options(max_retries=0)
