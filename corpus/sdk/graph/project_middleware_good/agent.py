"""The project's middleware around a chat model that keeps its SDK's retries: one only
logs, one retries tool calls, one retries fetching a token; and a retrying middleware
over a model whose client retries nothing itself."""

from langchain.agents import create_agent
from langchain_openai import ChatOpenAI

from .resilience import AuthMiddleware, LoggingMiddleware, RetryingMiddleware, ToolRetryMiddleware


def build(tools: list):
    model = ChatOpenAI(model="gpt-4.1")
    return create_agent(model, tools, middleware=[LoggingMiddleware(), ToolRetryMiddleware()])


def build_quiet(tools: list):
    model = ChatOpenAI(model="gpt-4.1", max_retries=0)
    return create_agent(model, tools, middleware=[RetryingMiddleware()])


def build_authed(tools: list):
    return create_agent(ChatOpenAI(model="gpt-4.1"), tools, middleware=[AuthMiddleware()])
