"""A corpus package: the client's keyword arguments are a dict constant of another
module, spread into its constructor; they turn the SDK's retries off, so only the
application's retry decorator retries."""
