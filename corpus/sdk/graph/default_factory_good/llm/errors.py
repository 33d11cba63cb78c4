class ProviderError(Exception):
    """A request that failed; the caller may try again."""
