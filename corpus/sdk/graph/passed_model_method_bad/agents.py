from langchain_openai import ChatOpenAI

from .models import create_llm
from .retry import invoke_with_retry


def sentiment(provider: str, headline: str) -> str:
    llm = create_llm(provider, "m")
    return invoke_with_retry(llm.invoke, [headline], max_retries=3).content


def risk(question: str) -> str:
    judge = ChatOpenAI(model="m", timeout=30)  # expect: RA401
    return invoke_with_retry(lambda: judge.invoke([question])).content
