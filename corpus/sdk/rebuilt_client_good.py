"""Near miss of a client built in a loop: the loop goes over the documents, one
request each, with a fresh client per document; no layer sends a failed request
again, so the SDK's own retries are the only ones."""

from openai import OpenAI


class Summariser:
    def __init__(self, api_key: str) -> None:
        self.api_key = api_key

    def summarise_all(self, documents: list[str]) -> list[str]:
        summaries = []
        for document in documents:
            client = OpenAI(api_key=self.api_key, timeout=30)
            reply = client.chat.completions.create(
                model="m", messages=[{"role": "user", "content": document}]
            )
            summaries.append(reply.choices[0].message.content or "")
        return summaries
