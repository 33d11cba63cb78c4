"""A corpus package: the agent program is found by a library's path lookup by its name."""
