"""A corpus package: a helper module builds the retrying object; callers loop over it."""
