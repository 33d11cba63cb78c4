"""A corpus package: the retry loop calls a handler that `functools.partial` bound to
the provider's function in another module, which builds its client (through
`typing.cast`) with the SDK's default retries."""
