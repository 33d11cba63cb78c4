"""A corpus package, near misses: the factory turns the SDK's retries off, and a factory
handed a class that is no SDK client."""
