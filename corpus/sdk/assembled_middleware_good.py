"""Near misses: a helper's middleware list with no retry middleware in it (a limit, a
fallback), and a deep agent whose model sends once (`max_retries=0`) under the retry
middleware."""

from deepagents import create_deep_agent
from langchain.agents.middleware import (
    ModelCallLimitMiddleware,
    ModelFallbackMiddleware,
    ModelRetryMiddleware,
)
from langchain.chat_models import init_chat_model


def planner_model():
    return init_chat_model(model="openai:gpt-4.1-mini")


def limits_only(limit: int) -> list:
    middleware: list = [ModelCallLimitMiddleware(run_limit=limit)]
    middleware.append(ModelFallbackMiddleware("openai:gpt-4.1-nano"))
    return middleware


def build_planner(tools: list):
    return create_deep_agent(model=planner_model(), tools=tools, middleware=[*limits_only(20)])


def build_checked_planner(tools: list):
    model = init_chat_model(model="openai:gpt-4.1-mini", max_retries=0)
    retrying = [ModelRetryMiddleware(max_retries=3)]
    return create_deep_agent(model=model, tools=tools, middleware=[*retrying])


def retrying_middleware() -> list:
    return [ModelRetryMiddleware(max_retries=3)]


def build_custom_planner(tools: list, retrying_middleware):
    # the caller's own list, not the module's function of that name
    return create_deep_agent(model=planner_model(), tools=tools, middleware=[*retrying_middleware()])
