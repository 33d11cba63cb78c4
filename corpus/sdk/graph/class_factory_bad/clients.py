from typing import Any


def create_client_with_retry(client_class: type, api_key: str) -> Any:
    return client_class(api_key=api_key, max_retries=3)  # expect: RA401(warning)
