"""A corpus package, near misses: the tree's executors (an abstract base, overrides in
another module) run the agent, and a retried write calls `execute` and `get` too, but on a
Redis pipeline (a parameter annotated with a class from outside the tree), on a module's
dict and on a list: none of them runs an executor."""
