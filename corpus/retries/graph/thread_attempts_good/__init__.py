"""A corpus package: as thread_attempts_bad, but the thread runs a linter, not the
agent; the agent's attempt loop leaves on the first failure it raises, and a loop over
prompts takes the next one after a failure."""
