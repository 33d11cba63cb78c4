"""A corpus package: the client hands its adapter's bound method to a retry helper, and
the adapter's class comes out of a dict of classes read with `.get()`."""
