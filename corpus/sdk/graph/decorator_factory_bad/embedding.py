from decorator_factory_bad.utils import get_client, get_retry_decorator, with_attrs


@with_attrs(dimensions=1536)
@get_retry_decorator()
async def get_embedding(texts: list[str]) -> list[list[float]]:
    response = await get_client().embeddings.create(model="text-embedding-3-small", input=texts)
    return [item.embedding for item in response.data]
