"""A corpus package: the agent's command line is an f-string built by the caller and run
as shell by a function that a retry decorator re-runs on a rate limit."""
