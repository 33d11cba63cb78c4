import subprocess
from dataclasses import dataclass


@dataclass
class AgentResult:
    returncode: int
    stdout: str = ""


def run_succeeded(exit_code: int, head_before: str, head_after: str) -> bool:
    return exit_code == 0 and head_before != head_after


class ClaudeRunner:
    def execute(self, prompt: str) -> AgentResult:
        argv = self._argv(prompt)
        proc = subprocess.run(argv, capture_output=True, text=True)
        return AgentResult(returncode=proc.returncode, stdout=proc.stdout)

    def _argv(self, prompt: str) -> list[str]:
        return ["claude", "-p", prompt]
