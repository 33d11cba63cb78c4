"""The adapters' base: it runs the argv a subclass builds and raises when the run fails;
a factory hands out an adapter by name from a registry of classes."""

import asyncio
from abc import ABC, abstractmethod


class CLIError(Exception):
    pass


class CLIAdapter(ABC):
    @abstractmethod
    async def run_review(self, prompt: str, cwd: str) -> str: ...

    async def _execute(self, cmd: list[str], cwd: str) -> str:
        proc = await asyncio.create_subprocess_exec(
            *cmd, cwd=cwd, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
        )
        stdout, stderr = await proc.communicate()
        if proc.returncode != 0:
            raise CLIError(f"{cmd[0]} exited with {proc.returncode}: {stderr.decode()[:200]}")
        return stdout.decode()


def get_adapter(name: str) -> CLIAdapter:
    from .claude import ClaudeAdapter
    from .codex import CodexAdapter

    adapters: dict[str, type[CLIAdapter]] = {"claude": ClaudeAdapter, "codex": CodexAdapter}
    return adapters[name]()
