"""A corpus package: a mode gets its runner injected (no annotation, no caller in the tree:
the wiring is elsewhere), named after its class by convention, and decides on a run
through a predicate of the runner's module."""
