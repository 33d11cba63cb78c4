"""Near misses: anyio's process is tested through its return code, and `run_process`
raises on a failure (its `check` defaults to true)."""

import anyio


async def run_agent(prompt: str) -> str:
    async with await anyio.open_process(["claude", "-p", prompt]) as process:
        await process.wait()
    if process.returncode != 0:
        raise RuntimeError(f"claude exited {process.returncode}")
    return "done"


async def review(prompt: str) -> bytes:
    result = await anyio.run_process(["codex", "exec", prompt])
    return result.stdout


def run_entered(prompt: str) -> int:
    import subprocess

    with subprocess.Popen(["gptme", "--non-interactive", prompt]) as proc:
        return proc.wait()
