"""RA203: a headless `claude -p` run behind a pseudo-terminal is no person's session, nor
is an interactive one the program types into itself and never ends: nothing waits for
them, and how they ended is lost."""

import asyncio
import os
import pty
import subprocess
import time


async def fix(task: str) -> None:
    master, slave = pty.openpty()
    proc = await asyncio.create_subprocess_exec(  # expect: RA203(warning)
        "claude", "-p", task, stdin=slave, stdout=slave, stderr=slave
    )
    os.close(slave)
    await asyncio.sleep(600)
    proc.kill()
    os.close(master)


def drive(task: str) -> None:
    master, slave = pty.openpty()
    subprocess.Popen(["claude"], stdin=slave, stdout=slave, stderr=slave)  # expect: RA203(warning)
    os.write(master, task.encode())
    time.sleep(600)
