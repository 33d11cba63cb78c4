"""The near miss: the factory turns the SDK's retries off and passes the rest of its
keywords on; the caller's retry layer owns recovery alone."""
from typing import Any


def build_zero_client(ctor: type, **kwargs: Any) -> Any:
    return ctor(max_retries=0, **kwargs)
