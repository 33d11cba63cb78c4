import asyncio

from tenacity import retry, retry_if_exception_type, stop_after_attempt


class RateLimitError(Exception):
    pass


@retry(stop=stop_after_attempt(3), retry=retry_if_exception_type(RateLimitError))  # expect: RA301
async def _run_command(command: str) -> str:
    proc = await asyncio.create_subprocess_shell(command, stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    if proc.returncode != 0 and b"429" in out:
        raise RateLimitError(out.decode())
    return out.decode()


async def execute(task: str) -> str:
    escaped = task.replace('"', '\\"')
    command = f'claude -p "{escaped}" --output-format stream-json'
    return await _run_command(command=command)
