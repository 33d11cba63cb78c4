import os

from openai import AsyncOpenAI


def open_link() -> AsyncOpenAI:
    return AsyncOpenAI(api_key=os.environ["LLM_KEY"], max_retries=3)
