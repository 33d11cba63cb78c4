"""Near miss for RA401: the client class is imported inside the constructor under another
name, and built with the SDK's retries off; the chat loop is the only retry layer."""

import os


class DeepSeek:
    def __init__(self, model: str = "deepseek-chat") -> None:
        from openai import OpenAI as OpenAI_

        self.model = model
        self.client = OpenAI_(api_key=os.getenv("API_KEY"), max_retries=0)

    def chat(self, messages: list[dict[str, str]]) -> str | None:
        retries = 0
        while retries < 3:
            try:
                completion = self.client.chat.completions.create(
                    model=self.model, messages=messages
                )
                return completion.choices[0].message.content
            except Exception as error:
                print(f"retrying after {error}")
                retries += 1
        return None
