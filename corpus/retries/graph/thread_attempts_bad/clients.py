import abc
import asyncio
import subprocess
from asyncio import to_thread


class ClientError(Exception):
    pass


class AgentClient(abc.ABC):
    @abc.abstractmethod
    async def run_agent(self, prompt: str) -> str: ...


class CodexClient(AgentClient):
    async def run_agent(self, prompt: str) -> str:
        return await self._run(prompt)

    async def _run(self, prompt: str) -> str:
        def _call() -> subprocess.CompletedProcess[str]:
            return subprocess.run(
                ["codex", "exec", "--full-auto", prompt], capture_output=True, text=True
            )

        result = await asyncio.to_thread(_call)
        if result.returncode != 0:
            raise ClientError(result.stderr)
        return result.stdout


class ClaudeClient:
    async def consult(self, prompt: str) -> str:
        def _call() -> subprocess.CompletedProcess[str]:
            return subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)

        result = await to_thread(_call)  # imported by name: the same thread runner
        if result.returncode != 0:
            raise ClientError(result.stderr)
        return result.stdout
