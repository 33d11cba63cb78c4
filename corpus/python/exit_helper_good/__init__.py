"""A corpus package: the retry loop's `except` clause calls a helper of another module
that never returns (it prints and exits), except on a rate limit: the loop goes round
only then, a narrowed retry."""
