"""The agent is built on a chat model that keeps its SDK's two retries, with the project's
retrying middleware around each of its model calls."""

from langchain.agents import create_agent
from langchain_openai import ChatOpenAI

from .resilience import ResilientModelMiddleware


def build(tools: list):
    model = ChatOpenAI(model="gpt-4.1")  # expect: RA401(warning)
    return create_agent(model=model, tools=tools, middleware=[ResilientModelMiddleware()])


def build_traced(tools: list):
    from .resilience import TracedMiddleware

    return create_agent(
        ChatOpenAI(model="gpt-4.1-mini"),  # expect: RA401(warning)
        tools,
        middleware=[TracedMiddleware()],
    )


def build_async(tools: list):
    from .resilience import PatientMiddleware

    model = ChatOpenAI(model="gpt-4.1", timeout=30)  # expect: RA401(warning)
    return create_agent(model, tools, middleware=[PatientMiddleware()])
