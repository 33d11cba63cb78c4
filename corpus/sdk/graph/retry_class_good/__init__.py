"""A corpus package, near misses: a decorator class whose `__call__` only times the
function, and the project's retrying class over a client with its retries off."""
