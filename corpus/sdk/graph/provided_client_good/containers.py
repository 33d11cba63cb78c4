"""The container: what each provider makes is the call it is given."""

from dependency_injector import containers, providers
from openai import AsyncOpenAI

from .llm.chat import OpenAIChat


class Container(containers.DeclarativeContainer):
    config = providers.Configuration()
    openai_client = providers.Singleton(
        AsyncOpenAI,
        base_url=config.openai.base_url,
        api_key=config.openai.api_key,
        max_retries=0,
    )
    chat = providers.Factory(OpenAIChat, client=openai_client)
