from typing import Protocol

from .hosted import HostedProvider


class Provider(Protocol):
    async def answer(self, prompt: str, token: str) -> str: ...


FACTORIES = {"hosted": HostedProvider}


def provider_for(name: str) -> Provider:
    return FACTORIES[name]()
