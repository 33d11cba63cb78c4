"""A corpus package: the classes a retry decorator factory retries are a module list
built under guarded imports, then made a tuple."""
