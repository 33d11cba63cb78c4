from openai import OpenAI

from .retrying import retry_llm_call


class LLMClient:
    def __init__(self, attempts: int = 3) -> None:
        self.client = OpenAI()  # expect: RA401
        self.attempts = attempts

    def complete(self, **request: object) -> object:
        request_with_retry = retry_llm_call(max_attempts=self.attempts)(
            self.client.chat.completions.create
        )
        return request_with_retry(**request)
