from policy_app.provider import AnthropicProvider
from policy_app.retry import RetryPolicy, run_with_retry


class Summariser:
    def __init__(self, retry: RetryPolicy | None = None) -> None:
        self.provider = AnthropicProvider()
        self.retry = retry or RetryPolicy()

    def summarise(self, text: str) -> str:
        return run_with_retry(lambda: self.provider.complete(f"Summarise: {text}"), self.retry)
