"""A corpus package, near misses: the same retry helper given a closure whose invoker (by
its union annotation) builds a `git` argv, no agent's; and a closure that runs the agent
given to a helper that logs a failure and raises it, running it once."""
