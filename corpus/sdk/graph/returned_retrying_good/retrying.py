from tenacity import Retrying, retry_if_exception_type, stop_after_attempt


def make_retrying(attempts, retry_on):
    """The project's one place for its retry policy: the caller says what is retried."""
    return Retrying(stop=stop_after_attempt(attempts), retry=retry_if_exception_type(retry_on))
