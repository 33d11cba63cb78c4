"""A corpus package: a retrying helper runs the callable it is given."""
