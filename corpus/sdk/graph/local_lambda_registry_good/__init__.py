"""A corpus package, the near miss: the same dict of lambdas picks the provider, and each
provider's SDK client is built with `max_retries=0`, so the send loop is the only layer."""
