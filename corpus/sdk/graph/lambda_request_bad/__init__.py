"""A corpus package: the request itself is the lambda a retrying helper of another module
is given (`call_with_backoff(lambda: client.chat.completions.create(…))`), awaited or not:
it is sent where the helper calls it, under the helper's loop."""
