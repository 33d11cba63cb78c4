from langchain_openai import ChatOpenAI


def create_quiet_llm(model: str):
    return ChatOpenAI(model=model, max_retries=0)


def create_llm(model: str):
    return ChatOpenAI(model=model)
