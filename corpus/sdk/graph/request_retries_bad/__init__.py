"""A corpus package: the base class's loop retries a connection that the subclass opens
through a client that keeps its retries (no per-request `max_retries=0`)."""
