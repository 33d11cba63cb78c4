"""Two branches build the one client attribute from two classes (Azure's and OpenAI's):
the same requests, retried by the same decorator, are one defect, reported once at the
first construction with the other as a related place."""
import os

import backoff
import openai
from openai import AsyncAzureOpenAI, AsyncOpenAI


@backoff.on_exception(backoff.expo, openai.APIError, max_tries=4)
async def complete(client, model, messages):
    return await client.chat.completions.create(model=model, messages=messages)


class ChatAPI:
    def __init__(self):
        if os.getenv("AZURE_OPENAI_ENDPOINT"):
            self.client = AsyncAzureOpenAI(  # expect: RA401(warning)
                azure_endpoint=os.environ["AZURE_OPENAI_ENDPOINT"], api_version="2024-06-01"
            )
        else:
            self.client = AsyncOpenAI()

    async def ask(self, model, messages):
        return await complete(self.client, model, messages)

