import abc
import asyncio
import subprocess


class ClientError(Exception):
    pass


class AgentClient(abc.ABC):
    @abc.abstractmethod
    async def run_agent(self, prompt: str) -> str: ...


class LintClient(AgentClient):
    async def run_agent(self, prompt: str) -> str:
        def _call() -> subprocess.CompletedProcess[str]:
            return subprocess.run(["ruff", "check", prompt], capture_output=True, text=True)

        result = await asyncio.to_thread(_call)
        if result.returncode != 0:
            raise ClientError(result.stderr)
        return result.stdout


def run_codex(prompt: str) -> str:
    result = subprocess.run(["codex", "exec", prompt], capture_output=True, text=True)
    if result.returncode != 0:
        raise ClientError(result.stderr)
    return result.stdout
