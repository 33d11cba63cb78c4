"""A corpus package: providers wrap the SDK's failures in their own error class, and a
retrying wrapper in another module retries that class (given as a parameter default)."""
