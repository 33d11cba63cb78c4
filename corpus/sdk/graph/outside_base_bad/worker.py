import logging
import time

from platform_kit.llm import TextBackend


class Worker:
    def __init__(self, backend: TextBackend) -> None:
        self.backend = backend

    def run(self, task: str) -> str | None:
        for attempt in range(4):
            try:
                return self.backend.generate(task)
            except Exception:
                logging.exception("attempt %d failed", attempt)
                time.sleep(2**attempt)
        return None
