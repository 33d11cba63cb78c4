"""A judge whose catch-all keeps its failures in, but for the ones it lets out first."""

from openai import APIError, AsyncOpenAI, RateLimitError
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_exponential


class Judge:
    def __init__(self, api_key, base_url=None):
        if base_url:
            self.client = AsyncOpenAI(api_key=api_key, base_url=base_url)  # expect: RA401(warning)
        else:
            self.client = AsyncOpenAI(api_key=api_key)

    @retry(
        retry=retry_if_exception_type((RateLimitError, APIError)),
        wait=wait_exponential(multiplier=1, min=4, max=60),
        stop=stop_after_attempt(5),
    )
    async def score(self, question, answer):
        try:
            response = await self.client.chat.completions.create(
                model="gpt-4.1-mini",
                messages=[{"role": "user", "content": f"Score 1-10.\n{question}\n{answer}"}],
            )
            return float(response.choices[0].message.content.strip())
        except RateLimitError:
            raise
        except APIError:
            raise
        except Exception:
            return 0.0
