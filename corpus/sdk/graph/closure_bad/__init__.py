"""A corpus package: a closure retries itself by recursion."""
