"""A corpus package: the client is built by a factory kept on the instance, on first use."""
