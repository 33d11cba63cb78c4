from anthropic import AsyncAnthropic


def get_client() -> AsyncAnthropic:
    return AsyncAnthropic()  # expect: RA401
