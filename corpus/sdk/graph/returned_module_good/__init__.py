"""A corpus package: the same lazily imported litellm, but the summariser asks for no
retries of litellm's own, so only its loop retries a rate limit."""
