from typing import Any


class EchoProvider:
    def complete(self, prompt: str) -> str:
        return prompt


def with_backoff(call):
    for _ in range(3):
        try:
            return call()
        except Exception:
            continue
    return None


def generate(entry: dict[str, Any], prompt: str):
    if entry.get("offline"):
        provider = EchoProvider()
    else:
        provider = entry["provider"]

    def attempt():
        return provider.complete(prompt)

    return with_backoff(attempt)
