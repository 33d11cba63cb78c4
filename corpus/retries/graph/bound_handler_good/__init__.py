"""A corpus package: the retry loop calls a handler that `functools.partial` bound to
the provider's function in another module, whose client (through `typing.cast`) does
not retry: only the loop does."""
