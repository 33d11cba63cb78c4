from langchain_anthropic import ChatAnthropic
from langchain_openai import ChatOpenAI


def make_chat_model(provider: str, model: str):
    if provider == "anthropic":
        return ChatAnthropic(model=model)  # expect: RA401
    return ChatOpenAI(model=model, max_retries=2)  # expect: RA401
