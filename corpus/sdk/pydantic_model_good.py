"""Near miss: the client the pydantic-ai model wraps sends each request once
(`max_retries=0`), so the loop owns recovery alone."""

from openai import AsyncOpenAI
from pydantic_ai import Agent
from pydantic_ai.models.openai import OpenAIModel

once = AsyncOpenAI(max_retries=0)
condenser = Agent(OpenAIModel("gpt-4o", openai_client=once), system_prompt="Summarise.")


async def condense(text: str) -> str:
    for _ in range(3):
        try:
            result = await condenser.run(text)
            return result.output
        except Exception:
            continue
    return ""
