"""Near miss of vararg_runner_bad.py: the same `def _run(*args)` helper, given bash
with pipefail on, so the pipeline's status is the agent's (or the download's)."""

import asyncio


async def _run(*args: str, timeout: float = 60.0) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(*args, stdout=asyncio.subprocess.PIPE)
    out, _ = await asyncio.wait_for(proc.communicate(), timeout=timeout)
    return proc.returncode or 0, out.decode()


async def review(diff: str) -> bool:
    command = f"claude -p 'Review: {diff}' | tee review.log"
    code, _ = await _run("bash", "-o", "pipefail", "-c", command)
    return code == 0


async def install() -> bool:
    command = "curl -fsSL https://claude.ai/install.sh | bash"
    code, _ = await _run("bash", "-o", "pipefail", "-c", command)
    return code == 0
