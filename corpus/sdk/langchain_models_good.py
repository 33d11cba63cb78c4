"""Near misses: LangChain chat models with their own retries turned off under the
application's retry layer, and one with its retries on and no layer above it."""

from langchain_anthropic import ChatAnthropic
from langchain_openai import ChatOpenAI
from tenacity import retry, stop_after_attempt

model = ChatOpenAI(model="gpt-4o", max_retries=0)
plain = ChatAnthropic(model="claude-sonnet-4-5")


@retry(stop=stop_after_attempt(3))
def summarise(text: str) -> str:
    return str(model.invoke(f"Summarise: {text}").content)


def answer(question: str) -> str:
    return str(plain.invoke(question).content)
