"""A corpus package: a decorator of the tree applies tenacity's `@retry` to the wrapper
it returns; a module decorates the function that runs the agent with it."""
