"""RA401: a classic LangChain agent (`create_tool_calling_agent`, run by an
`AgentExecutor`) sends through the chat model it was built with, whose own retries
(6 unless given) then stack under the retry it is run in. The agent has no tools, so
re-running it repeats no side effects."""

from langchain.agents import AgentExecutor, create_tool_calling_agent

from .models import scene_model
from .resilience import with_server_retries


async def describe_scene(prompt, text):
    agent = create_tool_calling_agent(scene_model, [], prompt=prompt)
    executor = AgentExecutor(agent=agent, tools=[])
    return await with_server_retries(executor, {"input": text})
