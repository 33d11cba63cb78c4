"""Chat models built with their SDK's default retries, by provider."""

from langchain_anthropic import ChatAnthropic
from langchain_openai import ChatOpenAI


def openai_chat(model: str):
    return ChatOpenAI(model=model)  # expect: RA401(warning)


def anthropic_chat(model: str):
    return ChatAnthropic(model=model)  # expect: RA401(warning)
