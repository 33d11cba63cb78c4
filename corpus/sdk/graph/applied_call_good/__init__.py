"""A corpus package, near misses of `applied_call_bad`: the decorator applied as a call
is no retry decorator, wraps what sends no request, or the client does not retry."""
