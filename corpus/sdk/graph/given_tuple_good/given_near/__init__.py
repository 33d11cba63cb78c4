"""A corpus package (near miss: the helper is given only a parse error, which the SDK never retries): a hand-written retry helper catches the classes each call gives it,
and a provider hands it a request through a method of its own."""
