"""A corpus package: each function builds its own client for its own call of a retry
helper in another module: three constructions, three fixes, three findings (clients a
single function builds for the same request, by a branch, stay one)."""
