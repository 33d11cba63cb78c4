"""A corpus package: the process runner returns the exit status as an item of a tuple,
and the invoker hands it to a method that builds the result object (`exit_code=` as
given, `success=` a test of it); a retry loop in another module tests that object."""
