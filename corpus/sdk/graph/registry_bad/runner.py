import logging
import time

from .registry import PROVIDERS


def run(name, prompt):
    provider = PROVIDERS[name]()
    for attempt in range(3):
        try:
            return provider.complete(prompt)
        except Exception:
            logging.warning("attempt %d failed", attempt)
            time.sleep(5)
    return None
