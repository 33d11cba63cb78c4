"""Near miss, a corpus package: a base class builds its client lazily through `self.new_client()`,
which each provider overrides in its own module; only the Claude provider retries its
requests, and its client keeps no retries of its own (the GPT provider's client is its
own instances', never under Claude's loop)."""
