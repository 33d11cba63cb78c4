"""A corpus package: a module keeps an instance of a class of another module
(`proxy = ModelProxy()`), and a retried function calls a method on it; the method
builds the SDK client. The folders have no `__init__.py`."""

from openai import AzureOpenAI


class ModelProxy:
    def complete(self, prompt: str) -> str:
        client = AzureOpenAI(api_version="2024-02-01")  # expect: RA401(warning)
        response = client.chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": prompt}]
        )
        return response.choices[0].message.content or ""


class BackupModel:
    def complete(self, prompt: str) -> str:
        client = AzureOpenAI(api_version="2024-06-01")  # expect: RA401(warning)
        response = client.chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}]
        )
        return response.choices[0].message.content or ""
