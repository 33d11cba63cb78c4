"""The base class applies the project's decorator as a call to the method each provider
overrides, then calls the wrapper it gets back."""
import abc
from typing import Any

from backoff_util import retry_with_backoff


class BaseClient(abc.ABC):
    def __init__(self, api_key: str) -> None:
        self.api_key = api_key
        self._init_client()

    @abc.abstractmethod
    def _init_client(self) -> None: ...

    @abc.abstractmethod
    def _do_prompt(self, model: str, prompt: str) -> Any: ...

    def prompt(self, model: str, prompt: str) -> Any:
        retry_func = retry_with_backoff(self._do_prompt, max_retries=3)
        return retry_func(model, prompt)
