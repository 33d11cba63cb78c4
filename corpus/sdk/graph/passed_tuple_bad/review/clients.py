"""RA401: each provider's client comes back as the first item of a tuple, from a factory
that builds it or from one that returns what another factory returns; the reviewer
retries every request three times over the SDK's own 2 retries. The two factories build
their clients apart: each is a defect of its own."""

import os

from openai import OpenAI

PROVIDERS = {"openai": (None, ""), "openrouter": ("https://openrouter.ai/api/v1", "openai/")}


def _make_client(name: str) -> tuple[OpenAI, str, str]:
    base_url, prefix = PROVIDERS[name]
    return OpenAI(base_url=base_url), name, prefix  # expect: RA401(warning)


def get_client(provider: str | None = None) -> tuple[OpenAI, str, str]:
    if provider:
        return OpenAI(api_key=os.environ["REVIEW_KEY"]), provider, ""  # expect: RA401(warning)
    return _make_client(os.environ.get("REVIEW_PROVIDER", "openai"))
