"""The project's configuration: a TypedDict record that holds the chat model."""

from typing import TypedDict

from langchain_anthropic import ChatAnthropic
from langchain_core.language_models import BaseChatModel


class Settings(TypedDict):
    llm: BaseChatModel


_MODEL = ChatAnthropic(model="claude-sonnet-4-5", temperature=0.2)  # expect: RA401(warning)

SETTINGS = Settings(llm=_MODEL)
