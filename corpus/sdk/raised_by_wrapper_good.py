"""RA401 near misses: a layer that retries only openai's classes over LangChain's Anthropic
chat model (it raises anthropic's), and over OpenAI's chat model built without retries."""

import backoff
import openai
from langchain_anthropic import ChatAnthropic
from langchain_openai import ChatOpenAI


class Assistant:
    def __init__(self, model: str) -> None:
        self.claude = ChatAnthropic(model=model)
        self.gpt = ChatOpenAI(model="gpt-4o", max_retries=0)

    @backoff.on_exception(backoff.expo, openai.RateLimitError, max_tries=6)
    def answer(self, messages: list) -> str:
        return str(self.claude.invoke(messages).content)

    @backoff.on_exception(backoff.expo, openai.RateLimitError, max_tries=6)
    def draft(self, messages: list) -> str:
        return str(self.gpt.invoke(messages).content)
