"""The project's middleware around a chat model that keeps its SDK's retries: one only
logs, the other retries tool calls; and a retrying middleware over a model whose client
retries nothing itself."""

from langchain.agents import create_agent
from langchain_openai import ChatOpenAI

from .resilience import LoggingMiddleware, RetryingMiddleware, ToolRetryMiddleware


def build(tools: list):
    model = ChatOpenAI(model="gpt-4.1")
    return create_agent(model, tools, middleware=[LoggingMiddleware(), ToolRetryMiddleware()])


def build_quiet(tools: list):
    model = ChatOpenAI(model="gpt-4.1", max_retries=0)
    return create_agent(model, tools, middleware=[RetryingMiddleware()])
