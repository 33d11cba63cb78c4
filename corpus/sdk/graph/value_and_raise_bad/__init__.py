"""A corpus package: a loop whose `try` retries timeouts and whose test retries a failed
result, around a method that turns every SDK failure into such a result."""
