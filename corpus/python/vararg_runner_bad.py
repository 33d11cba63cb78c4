"""A helper runs whatever argv it is given (`def _run(*args)`, then
`create_subprocess_exec(*args)`) and returns its status; its callers in the module
give it a `sh -c` string with a pipeline and no pipefail, and test the status: the
agent's failure (and the install's) is lost to the pipeline's last stage (RA101)."""

import asyncio


async def _run(*args: str, timeout: float = 60.0) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(*args, stdout=asyncio.subprocess.PIPE)
    out, _ = await asyncio.wait_for(proc.communicate(), timeout=timeout)
    return proc.returncode or 0, out.decode()


async def review(diff: str) -> bool:
    code, _ = await _run("sh", "-c", f"claude -p 'Review: {diff}' | tee review.log")  # expect: RA101(error)
    return code == 0


async def install() -> bool:
    code, _ = await _run("sh", "-c", "curl -fsSL https://claude.ai/install.sh | bash")  # expect: RA101(warning)
    return code == 0


class Reviewer:
    async def _run(self, *args: str) -> int:
        proc = await asyncio.create_subprocess_exec(*args)
        return await proc.wait()

    async def review(self) -> bool:
        return await self._run("sh", "-c", "codex exec 'Review the diff' | tee codex.log") == 0  # expect: RA101(error)
