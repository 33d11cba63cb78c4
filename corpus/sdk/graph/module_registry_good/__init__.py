"""A corpus package: the registry's clients are built with `max_retries=0`, so the
`retry(…)` the other module applies at run time is the only layer that re-sends; one a
caller registers is kept without its retries (`client.with_options(max_retries=0)`)."""
