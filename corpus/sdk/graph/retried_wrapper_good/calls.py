from anthropic import Anthropic
from openai import OpenAI

from .retrying import logged, retry_llm_call


@retry_llm_call
def ask(api_key: str, prompt: str) -> str:
    client = Anthropic(api_key=api_key, max_retries=0)
    message = client.messages.create(
        model="claude-sonnet-4-5", max_tokens=512, messages=[{"role": "user", "content": prompt}]
    )
    return message.content[0].text


class Summariser:
    def __init__(self) -> None:
        self.client = OpenAI()

    @logged
    def summarise(self, text: str) -> str:
        response = self.client.chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": text}]
        )
        return response.choices[0].message.content or ""
