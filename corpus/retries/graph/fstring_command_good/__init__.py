"""A corpus package: the same retry around a command line that runs no agent."""
