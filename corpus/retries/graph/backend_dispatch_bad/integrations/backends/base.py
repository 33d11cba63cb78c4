import subprocess
from abc import ABC, abstractmethod


class AgentBackend(ABC):
    @abstractmethod
    def run_task(self, prompt): ...

    def _launch(self, cmd):
        proc = subprocess.run(cmd, capture_output=True, text=True)
        return proc.returncode, proc.stdout
