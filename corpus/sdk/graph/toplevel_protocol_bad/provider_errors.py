class ProviderError(Exception):
    """A failure worth another attempt."""


class ProviderClientError(Exception):
    """A failure another attempt repeats."""
