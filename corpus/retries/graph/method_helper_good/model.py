import asyncio
import logging

from agents import Agent, Runner
from openai import AsyncOpenAI, RateLimitError

log = logging.getLogger(__name__)


class AgentModel:
    def __init__(self) -> None:
        self.client = AsyncOpenAI(max_retries=0)

    async def logged(self, operation, name: str = "operation"):
        try:
            return await operation()
        except Exception:
            log.exception("%s failed", name)
            return None

    async def with_retry(self, operation, max_retries: int = 3):
        for attempt in range(max_retries + 1):
            try:
                return await operation()
            except RateLimitError:
                await asyncio.sleep(2**attempt)
        raise RuntimeError("rate limited")

    async def generate_with_tools(self, prompt: str, tools: list) -> str | None:
        agent = Agent(name="analyst", tools=tools)

        async def run_tools():
            result = await Runner.run(agent, prompt)
            return result.final_output

        return await self.logged(run_tools, "tool execution")

    async def summarise(self, text: str) -> str:
        async def complete():
            reply = await self.client.chat.completions.create(
                model="gpt-4.1-mini", messages=[{"role": "user", "content": text}]
            )
            return reply.choices[0].message.content or ""

        return await self.with_retry(complete)
