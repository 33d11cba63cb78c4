"""A retry helper whose parameter is named `call`: calling it runs what it was given
(`call(model)` is no circuit breaker's `call(fn, …)`)."""
