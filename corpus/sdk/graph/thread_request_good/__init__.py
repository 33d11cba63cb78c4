"""A corpus package: the same uploads, through a client with no retries of its own, and a
request method handed to a thread outside any retry."""
