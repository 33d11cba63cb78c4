"""A corpus package: as closure_free_bad, but the closure binds a `client` of its own,
which keeps no retries (`max_retries=0`): its name is its own, not the enclosing
method's, so the provider's default client is never sent under the retrying object."""
