import asyncio


async def retry_with_backoff(operation, attempts=3, name="operation"):
    for attempt in range(attempts):
        try:
            return await operation()
        except Exception:
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(2**attempt)
    raise AssertionError(name)


class RetryingMixin:
    attempts = 3

    async def with_retry(self, operation, name="request"):
        return await run_once(operation=operation, name=name)


async def run_once(operation, name="operation"):
    try:
        return await operation()
    except Exception as error:
        raise RuntimeError(f"{name} failed") from error
