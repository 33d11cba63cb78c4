from __future__ import annotations

import asyncio
from pathlib import Path

from .invokers import AgentBuilder, BaseFetcher


async def fetch(fetcher: BaseFetcher | None, remote: str, workdir: Path) -> bytes:
    assert fetcher is not None
    cmd = fetcher.fetch_command(remote, workdir)
    process = await asyncio.create_subprocess_exec(*cmd, stdout=asyncio.subprocess.PIPE)
    out, _ = await process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"fetch exited {process.returncode}")
    return out


async def build(builder: AgentBuilder | None, prompt: str, workdir: Path) -> bytes:
    assert builder is not None
    cmd = builder.build_command(prompt, workdir)
    process = await asyncio.create_subprocess_exec(*cmd, stdout=asyncio.subprocess.PIPE)
    out, _ = await process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"build exited {process.returncode}")
    return out
