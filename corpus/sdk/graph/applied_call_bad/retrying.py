from tenacity import retry, stop_after_attempt

model_retry = retry(reraise=True, stop=stop_after_attempt(4))


def apply_retry(method, configured=None, *, default):
    """The method under the configured decorator, else under `default`; `False` turns it off."""
    if configured is False:
        return method
    decorator = configured if configured is not None else default
    return decorator(method)
