"""A corpus package: the same nested, retried function around a command that is no agent."""
