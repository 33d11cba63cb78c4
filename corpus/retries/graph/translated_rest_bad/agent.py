import time

from .transport import AnthropicTransport, RateLimited


def answer(prompt: str) -> str:
    transport = AnthropicTransport()
    for attempt in range(5):
        try:
            return transport.complete(prompt)
        except RateLimited:
            time.sleep(2**attempt)
    raise RuntimeError("still rate limited")
