from typing import Any


def create_client_with_retry(client_class: type, api_key: str) -> Any:
    return client_class(api_key=api_key, max_retries=3)  # expect: RA401(warning)


_cache: dict[tuple[type, str], Any] = {}


def get_or_create_client(cls: type, api_key: str) -> Any:
    """A cached client of the class the caller names (a plain function's `cls`)."""
    client = _cache.get((cls, api_key))
    if client is None:
        client = cls(api_key=api_key)  # expect: RA401(warning)
        _cache[(cls, api_key)] = client
    return client
