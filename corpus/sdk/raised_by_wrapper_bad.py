"""RA401: LangChain's chat models and LiteLLM's request functions raise the SDK's own
exception classes (a `ChatOpenAI` raises `openai.RateLimitError`; LiteLLM's classes
subclass openai's), so a layer that retries those stacks on their retries."""

import backoff
import litellm
import openai
import tenacity
from langchain_openai import AzureChatOpenAI, ChatOpenAI


class Assistant:
    def __init__(self, model: str, azure_endpoint: str | None = None) -> None:
        if azure_endpoint:
            self.llm = AzureChatOpenAI(azure_endpoint=azure_endpoint, deployment_name=model)  # expect: RA401(warning)
        else:
            self.llm = ChatOpenAI(model=model)

    @backoff.on_exception(backoff.expo, openai.RateLimitError, max_tries=6)
    def answer(self, messages: list) -> str:
        return str(self.llm.invoke(messages).content)


@tenacity.retry(
    retry=tenacity.retry_if_exception_type((openai.RateLimitError, openai.APIConnectionError)),
    stop=tenacity.stop_after_attempt(4),
)
def complete(prompt: str) -> str:
    reply = litellm.completion(model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])  # expect: RA401(warning)
    return reply.choices[0].message.content or ""
