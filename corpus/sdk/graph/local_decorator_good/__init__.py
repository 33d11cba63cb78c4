"""A corpus package: the near miss of local_decorator_bad. The method builds a timing
decorator, not a retry one, so the closure's request is sent once."""
