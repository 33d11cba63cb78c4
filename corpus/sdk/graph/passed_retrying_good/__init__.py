"""A corpus package: the near miss of passed_retrying_bad. The helper iterates the same
way, but what it is given is a list of delays, not a retrying object, and its `with` is
a lock: nothing is retried."""
