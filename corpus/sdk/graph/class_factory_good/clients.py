from typing import Any


def create_client(client_class: type, api_key: str) -> Any:
    return client_class(api_key=api_key, max_retries=0)


def create_transport(transport_class: type, url: str) -> Any:
    return transport_class(url, max_retries=3)


def get_or_create(cls: type, name: str) -> Any:
    """A plain function's `cls` given a class of the tree, no SDK client."""
    return cls(name)
