"""A retry decorator factory in a checkout whose folders have no `__init__.py` (the
import root is the checkout: imports name `app.handlers.pacing`)."""

import random
import time

import openai


def paced_retry(initial_delay=1.0, wait_errors=(openai.APITimeoutError, openai.APIConnectionError)):
    def decorate(func):
        def wrapper(*args, **kwargs):
            delay = initial_delay
            while True:
                try:
                    return func(*args, **kwargs)
                except wait_errors:
                    delay *= 2 * (1 + random.random())
                    time.sleep(delay)

        return wrapper

    return decorate
