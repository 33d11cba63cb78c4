"""A corpus package: the same uploads, through a client with no retries of its own; a
request method handed to a thread outside any retry; and one handed to an executor's
`submit` in a retry loop, whose failure surfaces at `.result()`, outside the loop."""
