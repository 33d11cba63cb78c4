"""No RA401: the executor (another module) retries every `BackendError` four times around
the backend's `acomplete`, called through a name `getattr` reads it into; the client this
lazily imported class builds has the SDK's retries turned off, so the executor alone
retries."""

from .base import Backend, BackendError


def _async_client_class():
    try:
        from openai import AsyncOpenAI
    except ImportError as exc:
        raise BackendError("pip install openai") from exc
    return AsyncOpenAI


class OpenAIBackend(Backend):
    def complete(self, prompt: str) -> str:
        raise BackendError("sync calls are not supported")

    async def acomplete(self, prompt: str) -> str:
        AsyncOpenAI = _async_client_class()
        client = AsyncOpenAI(timeout=60, max_retries=0)
        try:
            response = await client.chat.completions.create(model="m", messages=[prompt])
        except Exception as exc:
            raise BackendError(str(exc)) from exc
        return response.choices[0].message.content or ""
