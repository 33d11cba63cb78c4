"""A corpus package: the near miss of raised_failure_bad. The loop raises on the failed
result too, but what it raises is not what its `try` catches: a failed request ends the
loop, and only an answer that is not JSON is asked again."""
