"""A base client runs its request through a circuit breaker once: the breaker counts
failures and stops calling, it never sends a request again, so only the SDK retries."""
