"""A corpus package: the gateway imports litellm lazily in a helper that returns the
module, and its `call` function sends through what that helper returns with two retries
of litellm's own; the summariser retries `gateway.lazy.call` on rate limits."""
