"""RA401: the agent's middleware list is put together by a helper (spread into the list,
or built with `append`), and `deepagents.create_deep_agent` builds a LangChain agent on
it: the retry middleware re-runs each model call of a chat model that keeps the SDK's
own 2 retries."""

from deepagents import create_deep_agent
from langchain.agents import create_agent
from langchain.agents.middleware import ModelCallLimitMiddleware, ModelRetryMiddleware
from langchain.chat_models import init_chat_model


def research_model():
    return init_chat_model(model="openai:gpt-4.1", temperature=0)  # expect: RA401(warning)


def writer_model():
    return init_chat_model(model="anthropic:claude-sonnet-4-5")  # expect: RA401(warning)


def runtime_middleware(limit: int) -> list:
    middleware: list = [ModelCallLimitMiddleware(run_limit=limit)]
    middleware.append(ModelRetryMiddleware(max_retries=3, initial_delay=1.0))
    return middleware


def build_researcher(tools: list):
    return create_deep_agent(
        model=research_model(),
        tools=tools,
        middleware=[*runtime_middleware(40)],
        system_prompt="Research the question.",
    )


def build_writer(tools: list):
    stack = runtime_middleware(10) + [ModelCallLimitMiddleware(thread_limit=100)]
    return create_agent(writer_model(), tools, middleware=stack)
