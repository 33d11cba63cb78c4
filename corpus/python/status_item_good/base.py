import asyncio
import subprocess


class CliClient:
    async def _run(self, argv: list[str], prompt: str) -> tuple[str, str, int]:
        proc = await asyncio.create_subprocess_exec(
            *argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await proc.communicate(prompt.encode())
        return out.decode(), err.decode(), proc.returncode or 0

    def _run_sync(self, argv: list[str]) -> tuple[str, int]:
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
        out, _ = proc.communicate()
        return out, proc.returncode
