"""A pydantic-ai agent sends through the model it is given, and the model through the SDK
client it wraps (`openai_client=`, after the model's name): the loop's attempts each
carry the client's own retries."""

from openai import AsyncOpenAI
from pydantic_ai import Agent
from pydantic_ai.models.openai import OpenAIModel

client = AsyncOpenAI()  # expect: RA401(warning)
summariser = Agent(OpenAIModel("gpt-4o", openai_client=client), system_prompt="Summarise.")


async def summarise(text: str) -> str:
    for _ in range(3):
        try:
            result = await summariser.run(text)
            return result.output
        except Exception:
            continue
    return ""
