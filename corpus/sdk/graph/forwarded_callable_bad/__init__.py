"""A mixin passes the request it is given on to a retry loop of another module."""
