"""A mixin passes the request it is given on to be run once: retried only by the SDK."""
