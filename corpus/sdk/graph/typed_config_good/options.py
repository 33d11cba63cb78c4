"""The project's configuration: a TypedDict record that holds the chat model, built
with its own retries off."""

from typing import TypedDict

from langchain_anthropic import ChatAnthropic
from langchain_core.language_models import BaseChatModel


class Options(TypedDict):
    llm: BaseChatModel


_QUIET_MODEL = ChatAnthropic(model="claude-sonnet-4-5", max_retries=0)

OPTIONS = Options(llm=_QUIET_MODEL)
