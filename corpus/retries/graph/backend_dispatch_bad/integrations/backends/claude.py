from ..claude_client import ClaudeClient
from .base import AgentBackend


class ClaudeBackend(AgentBackend):
    def __init__(self):
        self._client = ClaudeClient()

    def run_task(self, prompt):
        return self._client.run(prompt)

    def run_streaming(self, prompt):
        cmd = self._client.build_command(prompt)
        code, output = self._launch(cmd)
        return code == 0, output
