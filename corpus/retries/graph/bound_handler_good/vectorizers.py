from typing import cast

from openai import OpenAI


def vectorize(text: str, *, model: str, client: OpenAI | None = None) -> list[float]:
    openai_client = cast("OpenAI", client or OpenAI(timeout=20.0, max_retries=0))
    reply = openai_client.embeddings.create(model=model, input=text)
    return reply.data[0].embedding
