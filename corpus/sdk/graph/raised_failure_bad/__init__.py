"""A corpus package: the backend turns every failed request into a result with an error,
and the agent's loop raises on that error inside a `try` that catches what it raises and
goes round: each failed request is sent again, each time with the SDK's own retries."""
