from .errors import ProviderError
from .registry import provider_for


async def ask(prompt: str, token: str, provider: str = "hosted", tries: int = 3) -> str:
    chosen = provider_for(provider)
    for attempt in range(tries):
        try:
            return await chosen.answer(prompt, token)
        except ProviderError:
            if attempt == tries - 1:
                raise
    raise AssertionError("unreachable")
