"""A corpus package: a base class builds its client lazily through `self.new_client()`,
which each provider overrides in its own module; only the Claude provider retries its
requests, so only its client's retries are stacked (the GPT provider's client is its
own instances', never under Claude's loop)."""
