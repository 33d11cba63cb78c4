"""A corpus package: the support module's decorator wraps its wrapper in tenacity's
`@retry` for the project's own error class only, but the wrapper turns every failure that
reads as transient into `TryAgain`, which tenacity retries whatever its predicate; the
drafting module's Anthropic client keeps its own retries under it."""
