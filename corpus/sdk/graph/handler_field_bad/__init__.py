"""A corpus package: the client is an attribute of a handler object; the routes read it
from a parameter annotated with the handler's class, and a closure hands it to a function
in another module under a retry decorator."""
