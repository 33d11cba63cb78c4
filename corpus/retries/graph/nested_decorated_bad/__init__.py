"""A corpus package: a function defined inside another, decorated with the tree's retry
decorator, calls a function of another module that runs the agent (its argv built in a
third)."""
