"""RA401: the retry predicate is a method of the class (a static method and a bound one),
read from its body: both accept rate limits and server errors, which the SDK retries too."""

import openai
from tenacity import Retrying, retry_if_exception, stop_after_attempt


class Summariser:
    def __init__(self) -> None:
        self._client = openai.OpenAI()  # expect: RA401(warning)
        self._retrying = Retrying(
            stop=stop_after_attempt(3), retry=retry_if_exception(self._transient), reraise=True
        )

    @staticmethod
    def _transient(error: BaseException) -> bool:
        return isinstance(error, (openai.RateLimitError, openai.InternalServerError))

    def summarise(self, text: str) -> str:
        for attempt in self._retrying:
            with attempt:
                reply = self._client.chat.completions.create(
                    model="gpt-4o-mini", messages=[{"role": "user", "content": text}]
                )
                return reply.choices[0].message.content or ""
        return ""


class Translator:
    def __init__(self) -> None:
        self.client = openai.OpenAI()  # expect: RA401(warning)
        self.retrying = Retrying(stop=stop_after_attempt(4), retry=retry_if_exception(self.should_retry))

    def should_retry(self, error: BaseException) -> bool:
        return isinstance(error, openai.APIConnectionError)

    def translate(self, text: str) -> str:
        for attempt in self.retrying:
            with attempt:
                reply = self.client.chat.completions.create(
                    model="gpt-4o-mini", messages=[{"role": "user", "content": f"Translate: {text}"}]
                )
                return reply.choices[0].message.content or ""
        return ""
