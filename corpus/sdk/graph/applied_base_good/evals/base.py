"""A base class wraps its subclasses' `prompt` in a retry decorator built in `__init__`,
retrying the exception classes each subclass hands it."""

from tenacity import retry, retry_if_exception_type, stop_after_attempt


class ModelBase:
    def __init__(self, max_tries: int = 5, retry_exceptions: tuple[type, ...] = ()) -> None:
        self.prompt = retry(
            stop=stop_after_attempt(max_tries),
            retry=retry_if_exception_type(retry_exceptions),
            reraise=True,
        )(self.prompt)

    def prompt(self, text: str) -> str:
        raise NotImplementedError

    def run(self, text: str) -> str:
        return self.prompt(text)
