"""A corpus package: the agent's program is a field of a configuration dataclass, read
through a property of another configuration class; the runner says how the run went in the
branch that built its result."""
