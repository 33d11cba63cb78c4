"""A corpus package: a near miss, the derived and wrapped clients set no retries of
their own."""
