"""Near miss: the same kept module, whose client is built with its own retries off, so
the persistence helper is the only retry layer."""
