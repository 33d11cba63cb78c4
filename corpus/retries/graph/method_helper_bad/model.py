import asyncio

from agents import Agent, Runner
from agents.exceptions import ModelBehaviorError
from openai import APIConnectionError, RateLimitError


class AgentModel:
    async def with_retry(self, operation, name: str = "operation", max_retries: int = 3):
        for attempt in range(max_retries + 1):
            try:
                return await operation()
            except ModelBehaviorError:
                if attempt < max_retries:
                    await asyncio.sleep(2**attempt)
                    continue
                raise
            except (RateLimitError, APIConnectionError):
                if attempt < max_retries:
                    await asyncio.sleep(2**attempt)
                    continue
                raise

    async def generate_with_tools(self, prompt: str, tools: list) -> str:
        agent = Agent(name="analyst", tools=tools)

        async def run_tools():
            result = await Runner.run(agent, prompt)
            return result.final_output

        return await self.with_retry(run_tools, "tool execution")  # expect: RA301(warning)
