"""Near miss: the same classic agent over a model whose retries are off."""

from langchain.agents import AgentExecutor, create_tool_calling_agent

from .models import caption_model
from .resilience import with_caption_retries


async def caption_scene(prompt, text):
    agent = create_tool_calling_agent(caption_model, [], prompt=prompt)
    executor = AgentExecutor(agent=agent, tools=[])
    return await with_caption_retries(executor, {"input": text})
