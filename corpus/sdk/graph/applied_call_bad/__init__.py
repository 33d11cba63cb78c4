"""A corpus package: retry decorators applied as calls, not with `@`, to methods that
send an SDK client's requests; the decorator, the helper that applies it, the base class
that wraps its methods and the subclass that overrides them are in different modules."""
