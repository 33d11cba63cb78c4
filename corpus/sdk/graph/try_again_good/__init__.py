"""A corpus package: the same decorator, whose wrapper raises `TryAgain` only for a reply
that does not parse, a failure the SDK never retries."""
