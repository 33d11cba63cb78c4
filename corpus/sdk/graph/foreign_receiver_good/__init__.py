"""A corpus package: a method of the same name as an abstract base's, called on an object
of a library's class, runs none of the tree's overrides."""
