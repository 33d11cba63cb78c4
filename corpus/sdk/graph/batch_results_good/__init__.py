"""A corpus package, near misses: the same retried hook, but the client's own retries are
off, and the other override only keeps the batch's lines in a list it appends to."""
