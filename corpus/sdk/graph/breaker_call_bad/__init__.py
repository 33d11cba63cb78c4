"""A base client runs its request through a circuit breaker into a retry helper whose
retried classes are a parameter's default, a module constant; the subclass raises them
for the SDK's failures through a helper."""
