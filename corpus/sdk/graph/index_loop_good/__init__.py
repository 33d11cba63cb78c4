"""A corpus package: a `while` loop over indexes whose `try` skips a failed item and moves
on: the index it counts is no answer it waits for, so nothing is re-sent."""
