"""A corpus package: a generic base class (`Limited[Reply]`) holds the retry loop; its
subclasses in other modules hold the clients (one from a module inside the SDK's package),
and one sends through a local name bound to a resource of its client."""
