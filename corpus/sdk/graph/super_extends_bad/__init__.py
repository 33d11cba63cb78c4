"""A corpus package: a subclass overrides the client property and the request method, and
its override calls the base's (`super().generate(…)`), which sends the request from a
closure that the base's retry loop runs."""
