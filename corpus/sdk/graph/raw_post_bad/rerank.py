from openai import OpenAI

from .limited import Limited


class Reranker(Limited):
    def __init__(self) -> None:
        self.client = OpenAI(base_url="https://rerank.example/v1")  # expect: RA401

    def _request(self, query: str, documents: list[str]) -> dict:
        body = {"query": query, "documents": documents}
        return self.client.post("/rerank", body=body, cast_to=dict)
