"""The session retries a failed query in its own loop, in another module."""

from chat.backend import Backend


def ask(backend: Backend, prompt: str, tries: int = 3) -> str:
    for _ in range(tries):
        try:
            return backend.query(prompt)
        except Exception:
            continue
    raise RuntimeError("no answer")


async def aask(backend: Backend, prompt: str) -> str:
    for _ in range(3):
        try:
            return await backend.aquery(prompt)
        except Exception:
            continue
    raise RuntimeError("no answer")
