"""LangChain's chat models build the SDK's client with their own `max_retries` (2 unless
given, as the SDK's): a retry layer of the application around `invoke` stacks on them,
also where a factory builds the model."""

from langchain_anthropic import ChatAnthropic
from langchain_openai import ChatOpenAI
from tenacity import retry, stop_after_attempt

model = ChatOpenAI(model="gpt-4o")  # expect: RA401(warning)


@retry(stop=stop_after_attempt(3))
def summarise(text: str) -> str:
    return str(model.invoke(f"Summarise: {text}").content)


def make_model(name: str) -> ChatAnthropic:
    return ChatAnthropic(model=name)  # expect: RA401(warning)


def review(diff: str, name: str) -> str:
    reviewer = make_model(name)
    for attempt in range(4):
        try:
            return str(reviewer.invoke(f"Review: {diff}").content)
        except Exception:
            if attempt == 3:
                raise
    return ""
