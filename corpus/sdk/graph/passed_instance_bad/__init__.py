"""A corpus package: a client class whose retried method hands the provider it built to a
helper method, which calls the provider's request."""
