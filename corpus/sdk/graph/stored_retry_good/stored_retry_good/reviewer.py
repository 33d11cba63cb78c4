import json

from tenacity import retry, retry_if_exception_type, stop_after_attempt

from stored_retry_good.providers import ClaudeProvider


class StoredRetryReviewerGood:
    def __init__(self) -> None:
        self.provider = ClaudeProvider()

    def _make_retry(self, errors: type[BaseException] = Exception):
        return retry(stop=stop_after_attempt(3), retry=retry_if_exception_type(errors), reraise=True)

    async def review(self, diff: str) -> dict[str, str]:
        # a method factory given its class by position (the receiver is not a parameter)
        @self._make_retry(json.JSONDecodeError)
        async def _parsed() -> dict[str, str]:
            return json.loads(await self.provider.send_turn(f"Review as JSON: {diff}"))

        return await _parsed()
