import logging
from pathlib import Path

from . import updater


class FileProcessor:
    def __init__(self, program: str = "claude", retries: int = 2) -> None:
        self.program = program
        self.retries = retries

    def process(self, path: Path) -> bool:
        original = path.read_text()
        for attempt in range(self.retries + 1):  # expect: RA301(error)
            try:
                if self._attempt(path):
                    return True
            except Exception as error:
                logging.warning("attempt %d failed: %s", attempt + 1, error)
            path.write_text(original)
        return False

    def _attempt(self, path: Path) -> bool:
        result = updater.update_docstrings(path, self.program)
        if result.error is not None:
            raise RuntimeError(result.error)
        return True
