import subprocess
from abc import ABC, abstractmethod


class Executor(ABC):
    @abstractmethod
    def execute(self, task: str) -> int: ...

    @abstractmethod
    def get(self, key: str) -> str: ...


class ClaudeExecutor(Executor):
    def execute(self, task: str) -> int:
        return subprocess.run(["claude", "-p", task], check=True).returncode

    def get(self, key: str) -> str:
        return subprocess.run(["claude", "-p", key], capture_output=True, check=True).stdout.decode()
