from __future__ import annotations

from pathlib import Path

from .executor import build, fetch
from .registry import get_builder, get_fetcher
from .retrying import fetch_with_retry, logged


async def sync(remote: str, workdir: Path) -> bytes:
    fetcher = get_fetcher(remote)

    async def fetch_fn() -> bytes:
        return await fetch(fetcher, remote, workdir)

    return await fetch_with_retry(fetch_fn, 3)


async def implement(prompt: str, workdir: Path) -> bytes:
    builder = get_builder()

    async def run_fn() -> bytes:
        return await build(builder, prompt, workdir)

    return await logged(run_fn)
