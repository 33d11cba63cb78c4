"""A corpus package: a circuit breaker built in one module and imported by the runner,
whose `call` runs the launch it is given; the loop around it re-runs the agent after any
failure (the breaker's `call` is no module function of the tree)."""
