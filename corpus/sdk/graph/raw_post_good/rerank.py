import httpx

from .limited import Limited


class Reranker(Limited):
    def __init__(self) -> None:
        self.client = httpx.Client(base_url="https://rerank.example/v1")

    def _request(self, query: str, documents: list[str]) -> dict:
        body = {"query": query, "documents": documents}
        return self.client.post("/rerank", json=body).json()
