import tenacity
from langchain.chat_models import init_chat_model
from langchain.embeddings import init_embeddings

chat = init_chat_model("openai:gpt-4.1-mini")  # expect: RA401(warning)
embedder = init_embeddings("openai:text-embedding-3-small")  # expect: RA401(warning)


@tenacity.retry(stop=tenacity.stop_after_attempt(4))
def answer(question: str) -> str:
    return str(chat.invoke(question).content)


@tenacity.retry(stop=tenacity.stop_after_attempt(3))
def embed(texts: list[str]) -> list[list[float]]:
    return embedder.embed_documents(texts)
