"""Runs one `opencode run` session per task: an agent session, with tools."""

import asyncio
import shutil


class OpenCodeRunner:
    def __init__(self, workdir: str) -> None:
        self.workdir = workdir

    async def start(self, task: str) -> bool:
        opencode_bin = shutil.which("opencode")
        if not opencode_bin:
            return False
        cmd = [opencode_bin, "run", task]
        process = await asyncio.create_subprocess_exec(*cmd, cwd=self.workdir)
        if await process.wait() != 0:
            raise OSError(f"opencode run failed on {task}")
        return True
