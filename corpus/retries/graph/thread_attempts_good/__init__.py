"""A corpus package: as thread_attempts_bad, but the thread runs a linter, not the
agent; and the agent's attempt loop leaves on the first failure it raises."""
