from __future__ import annotations

from pathlib import Path

from .executor import spawn, spawn_optional
from .registry import get_invoker
from .retrying import execute_with_retry


async def implement(agent_id: str, prompt: str, workdir: Path) -> bytes:
    invoker = get_invoker(agent_id)

    async def execute_fn() -> bytes:
        return await spawn(invoker, prompt, workdir)

    return await execute_with_retry(execute_fn, 3)  # expect: RA301(error)


async def review(agent_id: str, prompt: str, workdir: Path) -> bytes:
    invoker = get_invoker(agent_id)

    async def execute_fn() -> bytes:
        return await spawn_optional(invoker, prompt, workdir)

    return await execute_with_retry(execute_fn, 2)  # expect: RA301(error)


def verify(prompt: str, workdir: Path) -> bool:
    from .attempts import until_ok
    from .executor import check

    def attempt_fn() -> bool:
        return check(prompt, workdir)

    return until_ok(attempt_fn, 3)
