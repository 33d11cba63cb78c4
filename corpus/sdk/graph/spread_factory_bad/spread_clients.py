"""A corpus package: a factory caps the SDK's retries at one and passes the rest of its
keywords on (`**kwargs` cannot hold `max_retries` too); the caller retries the requests."""
from typing import Any

SPREAD_SDK_RETRIES = 1


def build_spread_client(ctor: type, **kwargs: Any) -> Any:
    return ctor(max_retries=SPREAD_SDK_RETRIES, **kwargs)  # expect: RA401(warning)
