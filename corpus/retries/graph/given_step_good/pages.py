import asyncio

import httpx

from .backoff import retry_fetch


async def fetch_page(url):
    async with httpx.AsyncClient() as client:
        return (await client.get(url)).text


async def fetch_docs(url):
    return await retry_fetch(fetch_page, url)


async def list_files():
    return await retry_fetch(asyncio.create_subprocess_exec, "git", "ls-files")
