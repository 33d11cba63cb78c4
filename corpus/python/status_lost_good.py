"""Near misses: gptme's exit status is read, checked or handed on."""

import asyncio
import os
import shutil
import subprocess
from subprocess import PIPE, Popen


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


def waited_then_read(prompt: str) -> int:
    proc = Popen(["gptme", "-n", prompt])
    proc.wait()
    return proc.returncode


async def async_communicated_then_read(prompt: str) -> None:
    proc = await asyncio.create_subprocess_exec("gptme", "-n", prompt)
    await proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(f"gptme exited {proc.returncode}")


def polled(prompt: str) -> bool:
    proc = Popen(["gptme", "-n", prompt])
    proc.wait(timeout=600)
    return proc.poll() == 0


async def async_output_read(prompt: str) -> bytes:
    """Its output is read, as with `run()`'s result: not reported (the status stays in reach)."""
    proc = await asyncio.create_subprocess_exec("gptme", "-n", prompt, stdout=PIPE)
    out, _ = await proc.communicate()
    return out


def check_from_caller(prompt: str, strict: bool = True) -> None:
    # Whether a failure raises is the caller's choice: runaudit cannot tell it is lost.
    subprocess.run(["gptme", "-n", prompt], check=strict)


def installed() -> bool:
    # A version probe starts no session: its status is not an agent run's.
    subprocess.run(["gptme", "--version"], capture_output=True)
    return shutil.which("claude") is not None


def start_agent_server(port: int) -> subprocess.Popen[bytes]:
    """A subcommand that starts no agent session (`opencode serve`, `claude mcp`): a server
    kept running, not an agent run whose status is lost."""
    subprocess.run(["claude", "mcp", "add", "docs", "--", "docs-server"])
    return subprocess.Popen(["opencode", "serve", "--port", str(port)])


def windows_scripts(prompt: str) -> None:
    """A Windows script whose name only starts like an agent's is another program."""
    subprocess.run(["codex-setup.cmd", prompt])
    subprocess.run(["claude.txt", prompt])


async def communicated_with_timeout(prompt: str) -> None:
    # waited for, its output where the process sends it (the terminal): as `p.communicate()`
    proc = await asyncio.create_subprocess_exec("gptme", "-n", prompt)
    await asyncio.wait_for(proc.communicate(), timeout=600)
