from .backend import AnthropicBackend, Rejected


def answer(prompt: str) -> str:
    backend = AnthropicBackend()
    for _ in range(2):
        try:
            return backend.complete(prompt)
        except Rejected:
            prompt = prompt[: len(prompt) // 2]  # shorter, and ask again
    raise RuntimeError("the provider keeps refusing")
