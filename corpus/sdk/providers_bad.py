"""RA401: clients kept per provider, built by helpers and fetched by a factory, under the
module's own retry decorator. Each construction is reported: the fix goes there."""

import functools
import time

from anthropic import Anthropic
from openai import OpenAI

clients: dict[str, OpenAI] = {}
fallbacks = {
    "groq": OpenAI(base_url="https://api.groq.com/openai/v1"),  # expect: RA401(warning)
    "local": OpenAI(base_url="http://localhost:11434/v1", max_retries=0),
}
_gateway: Anthropic | None = None


def retry_transient(attempts: int = 4):
    """Re-runs the call after any failure, with a growing pause."""

    def decorate(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            for attempt in range(attempts):
                try:
                    return func(*args, **kwargs)
                except Exception:
                    if attempt == attempts - 1:
                        raise
                    time.sleep(2**attempt)
            raise RuntimeError("unreachable")

        return wrapper

    return decorate


def init(provider: str, api_key: str, headers: dict[str, str] | None = None) -> None:
    if provider == "openrouter":
        clients[provider] = OpenAI(  # expect: RA401(warning)
            api_key=api_key,
            base_url="https://openrouter.ai/api/v1",
            **({"default_headers": headers} if headers else {}),
        )
    else:
        clients[provider] = OpenAI(api_key=api_key, max_retries=3)  # expect: RA401(warning)


def get_client(provider: str) -> OpenAI:
    if provider not in clients:
        raise KeyError(provider)
    return clients[provider]


def _gateway_client() -> Anthropic:
    global _gateway
    if _gateway is None:
        _gateway = Anthropic(max_retries=5)  # expect: RA401(warning)
    return _gateway


@retry_transient()
def chat(provider: str, prompt: str) -> str:
    if provider == "gateway":
        reply = _gateway_client().messages.create(model="m", max_tokens=256, messages=[])
        return str(reply)
    client = get_client(provider)
    completion = client.chat.completions.create(model="m", messages=[{"role": "user", "content": prompt}])
    return completion.choices[0].message.content or ""


@retry_transient(attempts=2)
def fallback(name: str, prompt: str) -> str:
    completion = fallbacks[name].chat.completions.create(model="m", messages=[prompt])
    return str(completion)
