"""Near miss: a web terminal relays an interactive `claude` session through a
pseudo-terminal; the person sees how it ends there, and the session is killed when they
leave, so no status of it is lost."""

import asyncio
import os
import pty


async def terminal(send: object) -> None:
    master, slave = pty.openpty()
    proc = await asyncio.create_subprocess_exec("claude", stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    try:
        await asyncio.sleep(3600)
    finally:
        proc.kill()
        os.close(master)
