"""A corpus package: the same hierarchy with a client that keeps no retries of its own, and
a sibling whose override sends its request once, without calling the base's."""
