"""Near miss: the same receiver and protocol, with the provider's own retries off."""
