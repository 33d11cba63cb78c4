from anthropic import AsyncAnthropic


def get_client() -> AsyncAnthropic:
    return AsyncAnthropic(max_retries=0)
