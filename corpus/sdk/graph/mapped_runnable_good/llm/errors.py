"""The provider errors the application retries on."""


class ProviderError(Exception):
    pass


class ProviderRateLimitError(ProviderError):
    pass


class ProviderConnectionError(ProviderError):
    pass
