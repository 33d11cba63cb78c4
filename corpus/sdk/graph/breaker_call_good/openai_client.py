import openai
from openai import AsyncOpenAI

from .base_client import BaseLLMClient
from .errors import LLMAuthenticationError, LLMError, LLMRateLimitError, LLMServerError


def map_openai_error(error: Exception) -> Exception:
    if isinstance(error, openai.AuthenticationError):
        return LLMAuthenticationError(str(error))
    if isinstance(error, openai.RateLimitError):
        return LLMRateLimitError(str(error))
    if isinstance(error, openai.InternalServerError):
        return LLMServerError(str(error))
    return LLMError(str(error))


class OpenAIClient(BaseLLMClient):
    def __init__(self, api_key: str):
        super().__init__()
        self.client = AsyncOpenAI(api_key=api_key)

    async def _generate(self, prompt: str) -> str:
        try:
            response = await self.client.chat.completions.create(
                model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}]
            )
        except Exception as error:
            raise map_openai_error(error) from error
        return response.choices[0].message.content or ""
