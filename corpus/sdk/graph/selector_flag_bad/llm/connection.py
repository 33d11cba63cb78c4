import os

from openai import AsyncOpenAI


def open_connection() -> AsyncOpenAI:
    return AsyncOpenAI(api_key=os.environ["LLM_KEY"], max_retries=3)  # expect: RA401(warning)
