from openai import AzureOpenAI


class Assistant:
    def __init__(self, endpoint: str) -> None:
        self.client = AzureOpenAI(azure_endpoint=endpoint, api_version="2024-08-01-preview", max_retries=0)

    def answer(self, question: str) -> str:
        reply = self.client.chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": question}]
        )
        return reply.choices[0].message.content or ""
