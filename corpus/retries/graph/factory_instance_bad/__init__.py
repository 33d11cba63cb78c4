"""A corpus package: the receiver of a method call comes from a factory that keeps one
instance in a module global."""
