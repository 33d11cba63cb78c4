"""A corpus package: a function of the tree builds the retry decorator a module applies
with a call (`@get_retry_decorator()`), under another decorator of its own."""
