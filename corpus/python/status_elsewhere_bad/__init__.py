"""A corpus package: a runner class in one module returns the agent's result without
reading its status; callers in other modules drop what it returns (a local instance, an
instance attribute set in `__init__`, a module function) or bind it to a name nothing
reads."""
