import subprocess
from abc import ABC, abstractmethod


class Executor(ABC):
    @abstractmethod
    def execute(self, task: str) -> int: ...

    @abstractmethod
    def append(self, task: str) -> None: ...

    @abstractmethod
    def publish(self, channel: str, task: str) -> None: ...


class ClaudeExecutor(Executor):
    def execute(self, task: str) -> int:
        return subprocess.run(["claude", "-p", task], check=True).returncode

    def append(self, task: str) -> None:
        subprocess.run(["claude", "-p", f"Queue: {task}"], check=True)

    def publish(self, channel: str, task: str) -> None:
        subprocess.run(["claude", "-p", f"{channel}: {task}"], check=True)

    def get(self, key: str) -> str:
        done = subprocess.run(["claude", "-p", key], capture_output=True, check=True)
        return done.stdout.decode()
