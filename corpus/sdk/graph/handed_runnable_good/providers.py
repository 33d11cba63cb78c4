"""Chat models: one whose client retries nothing itself, and two that keep the SDK's
retries."""

from langchain_anthropic import ChatAnthropic
from langchain_openai import ChatOpenAI


def quiet_chat(model: str):
    return ChatOpenAI(model=model, max_retries=0)


def openai_chat(model: str):
    return ChatOpenAI(model=model)


def anthropic_chat(model: str):
    return ChatAnthropic(model=model)
