"""Near misses: a retrying runnable made and dropped (the model itself is handed on, or
only its text is), and one that retries only a parse error, which the SDK does not
retry."""


class ParseError(Exception):
    pass


def resilient(model, retries: int = 3):
    return model.with_retry(stop_after_attempt=retries)


def checked(model):
    _ = model.with_retry()
    return model


def parsing(model):
    return model.with_retry(retry_if_exception_type=(ParseError,))


def described(model):
    runnable = model.with_retry()
    return str(runnable)
