"""A worker whose retrying subclass calls `super().execute()`; the argv comes from a
provider class of another module."""
