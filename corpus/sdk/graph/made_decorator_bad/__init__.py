"""A corpus package: a retry decorator factory whose wrapper hands the function to a
retry helper of its module, whose classes default to `None` and are set to
`(Exception,)` in its body; a module name bound to its call (`llm_retry =
retry(max_attempts=3)`) is applied in another module, over a client a lazy property
builds."""
