from openai import OpenAI

from .retrying import retry_llm_call


class LLMClient:
    def __init__(self, attempts: int = 3) -> None:
        self.client = OpenAI(max_retries=0)
        self.plain = OpenAI()
        self.attempts = attempts

    def complete(self, **request: object) -> object:
        request_with_retry = retry_llm_call(max_attempts=self.attempts)(
            self.client.chat.completions.create
        )
        return request_with_retry(**request)

    def once(self, **request: object) -> object:
        return self.plain.chat.completions.create(**request)
