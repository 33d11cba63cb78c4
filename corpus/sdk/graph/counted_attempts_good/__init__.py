"""A helper sends its requests in a loop of as many attempts as its callers give, one by
default, and every caller (in other modules) keeps the default: the loop sends once, so
the client's own retries are the only ones."""
