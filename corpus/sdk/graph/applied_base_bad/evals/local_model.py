"""A sibling whose base retries only its own failure class: its client is not an SDK's."""

from evals.base import ModelBase


class LocalFailure(Exception):
    pass


class LocalModel(ModelBase):
    def __init__(self) -> None:
        super().__init__(retry_exceptions=(LocalFailure,))

    def prompt(self, text: str) -> str:
        return text
