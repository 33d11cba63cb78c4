"""A corpus package, near miss: the same factory applied the same way, but the
configuration's exceptions are ones the SDK never retries."""
