"""A corpus package: a retry helper in one module calls what its callers give it; the
orchestrator in another gives it a closure that runs the agent through an invoker typed
by a union of a protocol and a base class, whose subclass in a third module builds the
agent's argv. Each call that hands the helper such a closure re-runs it, and is reported
(a function of a module, handed to it, would be reported at the helper's loop). A loop
that calls what it is given and tests what it returns is no retry helper: it re-runs
such a closure at its loop."""
