"""A corpus package: the retry loop's `except` clause calls a helper of another module
that only logs the failure and returns, so the loop goes round and runs the agent
again."""
