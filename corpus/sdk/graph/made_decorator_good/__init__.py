"""A corpus package: as made_decorator_bad, but the decorator made from the factory
catches only the application's own error class (no SDK failure is retried), and the
lazily built client keeps no retries of its own under the blanket one."""
