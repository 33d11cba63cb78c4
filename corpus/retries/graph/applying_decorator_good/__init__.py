"""A corpus package: the same decorator on a function that runs no agent, and a decorator
that only logs."""
