from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Optional, Union

from .invokers import AgentInvoker, BaseInvoker


async def spawn(invoker: AgentInvoker | BaseInvoker, prompt: str, workdir: Path) -> bytes:
    cmd = invoker.build_command(prompt, workdir)
    process = await asyncio.create_subprocess_exec(
        *cmd, cwd=workdir, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"{cmd[0]} exited {process.returncode}")
    return out


async def spawn_optional(invoker: Optional["BaseInvoker"], prompt: str, workdir: Path) -> bytes:
    assert invoker is not None
    return await spawn(invoker, prompt, workdir)


async def spawn_union(invoker: Union[AgentInvoker, None], prompt: str, workdir: Path) -> bytes:
    assert invoker is not None
    return await spawn(invoker, prompt, workdir)


def check(prompt: str, workdir: Path) -> bool:
    import subprocess

    proc = subprocess.run(["claude", "-p", prompt], cwd=workdir)
    return proc.returncode == 0
