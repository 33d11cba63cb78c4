import os

from openai import AsyncOpenAI, OpenAI

from lambda_request_bad.backoff import acall_with_retry, call_with_backoff


class Corrector:
    def __init__(self) -> None:
        self._client = OpenAI(api_key=os.environ["OPENAI_API_KEY"])  # expect: RA401(warning)

    def correct(self, text: str) -> str:
        response = call_with_backoff(
            lambda: self._client.chat.completions.create(
                model="gpt-4o-mini", messages=[{"role": "user", "content": text}]
            )
        )
        return response.choices[0].message.content or ""


async def summarise(text: str) -> str:
    client = AsyncOpenAI()  # expect: RA401(warning)
    response = await acall_with_retry(
        lambda: client.chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": f"Summarise: {text}"}]
        )
    )
    return response.choices[0].message.content or ""
