"""Starts `opencode serve`: a server the bridge talks to over HTTP, no agent session."""

import asyncio
import shutil


class OpenCodeServer:
    def __init__(self, port: int) -> None:
        self.port = port
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> bool:
        opencode_bin = shutil.which("opencode")
        if not opencode_bin:
            return False
        cmd = [opencode_bin, "serve", "--port", str(self.port)]
        self.process = await asyncio.create_subprocess_exec(*cmd)
        return True
