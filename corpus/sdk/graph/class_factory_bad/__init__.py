"""A corpus package: a factory module builds whatever client class its callers hand it,
with retries of its own; the caller, in another module, retries the requests."""
