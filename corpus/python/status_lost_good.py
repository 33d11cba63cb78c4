"""Near misses: gptme's exit status is read, checked or handed on."""

import asyncio
import os
import subprocess
from subprocess import Popen


def checked(prompt: str) -> None:
    subprocess.run(["gptme", "-n", prompt], check=True)
    subprocess.check_call(["gptme", "-n", prompt])
    subprocess.check_output(["gptme", "-n", prompt])


def read(prompt: str) -> int:
    result = subprocess.run(["gptme", "-n", prompt])
    rc = os.system(f"gptme -n {prompt}")
    return result.returncode or rc


def waited(prompt: str) -> int:
    proc = Popen(["gptme", "-n", prompt])
    with Popen(["gptme", "-n", prompt]) as other:
        other.communicate()
    return proc.wait()


def handed_on(prompt: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(["gptme", "-n", prompt])


def not_the_agent() -> None:
    subprocess.run(["git", "push"])
    os.system("make lint")


async def async_waited(prompt: str) -> int:
    proc = await asyncio.create_subprocess_exec("gptme", "-n", prompt)
    return await proc.wait()
