"""Near miss: the same helper, whose policy retries only a reply that is not JSON, a
failure the client's own retries never cover."""
