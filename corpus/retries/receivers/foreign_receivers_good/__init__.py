"""A corpus package, near misses: the tree's executors (an abstract base, an override in
another module) run the agent in `execute`, `append`, `publish` and `get`, and a retried
write calls methods of those names too, but on a Redis pipeline (a parameter annotated
with a class from outside the tree, or made by such an object's method), on a module's
dict, on a list that holds the tree's records, on a buffer of unknown class and on an
object of the tree's subclass of Redis (which defines none of them): none of them runs
an executor."""
