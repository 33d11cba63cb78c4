"""A corpus package: a closure reads its enclosing method's provider and client (free
names), and a retrying object runs it; the providers' base is imported from a package
above its module (`runtime.agent`, whose `__init__.py` re-exports it), and the folders
have no `__init__.py` of their own."""
