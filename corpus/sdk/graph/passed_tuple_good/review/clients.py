"""No RA401: the reviewer's loop owns recovery, and both factories build their clients
with `max_retries=0`, also the one whose tuple another factory hands on."""

import os

from openai import OpenAI

PROVIDERS = {"openai": (None, ""), "openrouter": ("https://openrouter.ai/api/v1", "openai/")}


def _make_client(name: str) -> tuple[OpenAI, str, str]:
    base_url, prefix = PROVIDERS[name]
    return OpenAI(base_url=base_url, max_retries=0), name, prefix


def get_client(provider: str | None = None) -> tuple[OpenAI, str, str]:
    if provider:
        return OpenAI(api_key=os.environ["REVIEW_KEY"], max_retries=0), provider, ""
    return _make_client(os.environ.get("REVIEW_PROVIDER", "openai"))
