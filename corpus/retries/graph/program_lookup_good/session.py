from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt

from .process import PandocProcess, LaunchFailed


async def render_page(prompt, override=None):
    process = PandocProcess(override)
    async for attempt in AsyncRetrying(
        stop=stop_after_attempt(3), retry=retry_if_exception_type(LaunchFailed)
    ):
        with attempt:
            return await process.stream(prompt)
