"""A corpus package: the worker's backend is annotated with a base class from a package
outside the audited tree; the tree's subclasses of that base are what it may hold, and
one of them keeps an SDK client with its default retries under the worker's loop."""
