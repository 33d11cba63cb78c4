"""A corpus package: the agent's program is a field of a configuration dataclass, read
through a property of another configuration class; the loop runs it again only on a rate
limit."""
