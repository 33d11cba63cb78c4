"""A corpus package: a module binds a name to what a function of another module
returns (`llm_retry = make_retry()`, with `def make_retry(): return retry(…)`) and
applies it as `@llm_retry`; the client comes from a factory of a third module."""
