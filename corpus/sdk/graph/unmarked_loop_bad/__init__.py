"""A corpus package: a class keeps an SDK client on the instance; another module, whose
text names no retry, no client and no SDK, calls it in a `for _ in range(3)` loop that
goes round after any exception."""
