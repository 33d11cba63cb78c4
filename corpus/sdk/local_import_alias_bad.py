"""RA401: the client class is imported inside the constructor under another name
(`from openai import OpenAI as OpenAI_`), and the chat loop re-sends every request that
fails, under the SDK's own default retries."""

import os


class DeepSeek:
    def __init__(self, model: str = "deepseek-chat", **kwargs: object) -> None:
        from openai import OpenAI as OpenAI_

        self.model = model
        self.client = OpenAI_(api_key=os.getenv("API_KEY"), **kwargs)  # expect: RA401(warning)

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
