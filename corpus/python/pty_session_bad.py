"""RA203: a headless `claude -p` run behind a pseudo-terminal is no person's session:
nothing waits for it, and how it ended is lost."""

import asyncio
import os
import pty


async def fix(task: str) -> None:
    master, slave = pty.openpty()
    proc = await asyncio.create_subprocess_exec(  # expect: RA203(warning)
        "claude", "-p", task, stdin=slave, stdout=slave, stderr=slave
    )
    os.close(slave)
    await asyncio.sleep(600)
    proc.kill()
    os.close(master)
