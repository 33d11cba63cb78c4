from langchain_openai import ChatOpenAI

from .models import make_chat_model
from .retry import call_model_with_retries


def sentiment(provider: str, headline: str) -> str:
    llm = make_chat_model(provider, "m")
    return call_model_with_retries(llm.invoke, [headline], max_retries=3).content


def risk(question: str) -> str:
    judge = ChatOpenAI(model="m", timeout=30)  # expect: RA401
    return call_model_with_retries(lambda: judge.invoke([question])).content


def debate(provider: str, motion: str) -> str:
    llm = make_chat_model(provider, "m")
    return call_model_with_retries(invoke_fn=llm.invoke, max_retries=2).content
