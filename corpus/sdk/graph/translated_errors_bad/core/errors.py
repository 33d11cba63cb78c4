class ProviderError(Exception):
    """A provider's failure, whatever its SDK; `transient` says whether to try again."""

    def __init__(self, message, transient=False):
        super().__init__(message)
        self.transient = transient
