from langchain_openai import ChatOpenAI


def make_quiet_model(model: str):
    return ChatOpenAI(model=model, max_retries=0)


def make_plain_model(model: str):
    return ChatOpenAI(model=model)
