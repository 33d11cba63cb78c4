"""A corpus package: near misses of `spread_argv_bad`. The list spread into the
process call runs git, not an agent, and the agent's run awaited through
`asyncio.wait_for` is tried once."""
import asyncio
import shutil


class Fetcher:
    def __init__(self, workdir):
        self.workdir = workdir

    def _program(self):
        return shutil.which("git") or "/usr/bin/git"

    async def _execute(self, remote):
        command = [self._program()]
        command.extend(["fetch", "--prune", remote])
        process = await asyncio.create_subprocess_exec(*command, cwd=self.workdir)
        if await process.wait() != 0:
            raise RuntimeError("git fetch failed")
        return True

    async def fetch(self, remote, timeout=60.0):
        return await asyncio.wait_for(self._execute(remote), timeout)


class ReviewAgent:
    def __init__(self, workdir):
        self.workdir = workdir

    async def _execute(self, prompt):
        command = ["claude", "-p", prompt]
        process = await asyncio.create_subprocess_exec(*command, cwd=self.workdir)
        if await process.wait() != 0:
            raise RuntimeError("claude failed")
        return True

    async def ask(self, prompt, timeout=600.0):
        return await asyncio.wait_for(self._execute(prompt), timeout)
