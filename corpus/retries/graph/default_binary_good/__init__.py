"""A corpus package: a near miss, the parameter's default is a formatter, not an agent."""
