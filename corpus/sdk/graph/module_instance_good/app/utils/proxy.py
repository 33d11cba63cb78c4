"""Near miss: the module's instance is of a class whose method sends through a client
with its retries off; the client that keeps them is built by a namesake method of
another class, which nothing under the retry layer runs."""

from openai import AzureOpenAI, OpenAI


class ModelProxy:
    def complete(self, prompt: str) -> str:
        client = AzureOpenAI(api_version="2024-02-01", max_retries=0)
        response = client.chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": prompt}]
        )
        return response.choices[0].message.content or ""


class DirectModel:
    def complete(self, prompt: str) -> str:
        client = OpenAI()
        response = client.chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": prompt}]
        )
        return response.choices[0].message.content or ""
