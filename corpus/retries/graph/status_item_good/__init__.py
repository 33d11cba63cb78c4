"""A corpus package: the runner returns the agent's status as an item of a tuple, and the
program comes from a command-line option's default."""
