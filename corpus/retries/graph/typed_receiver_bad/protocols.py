from typing import Protocol


class Runner(Protocol):
    def run(self, prompt: str) -> tuple[bool, str]: ...
