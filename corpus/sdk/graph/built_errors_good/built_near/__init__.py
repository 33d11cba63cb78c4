"""A corpus package (near miss: the list holds no class the SDK retries): the classes a retry decorator factory retries are a module list
built under guarded imports, then made a tuple."""
