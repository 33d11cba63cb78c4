class ProviderError(Exception):
    """A provider's request failed."""
