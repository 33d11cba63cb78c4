"""A corpus package: the base class's retry loop catches `self.RETRY_ERRORS`, which each
subclass (in its own module) sets: the chat client's loop re-sends on the SDK's own 429s
and connection errors; the parser's catches only its own `ValueError`."""
