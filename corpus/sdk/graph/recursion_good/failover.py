import logging

import openai

from .base import Provider


class Failover(Provider):
    """Sends once through the primary, and once through the fallback if it failed."""

    def __init__(self, primary: Provider, fallback: Provider):
        self._primary = primary
        self._fallback = fallback

    def complete(self, prompt):
        try:
            return self._primary.complete(prompt)
        except openai.APIError as exc:
            logging.warning("primary failed, falling back: %s", exc)
            return self._fallback.complete(prompt)
