from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt

from .process import CodexProcess, LaunchFailed


async def ask_codex(prompt, override=None):
    process = CodexProcess(override)
    async for attempt in AsyncRetrying(  # expect: RA301
        stop=stop_after_attempt(3), retry=retry_if_exception_type(LaunchFailed)
    ):
        with attempt:
            return await process.stream(prompt)
