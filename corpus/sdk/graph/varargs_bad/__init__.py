"""A corpus package: the client reaches the request through a wrapper that forwards
`*args`."""
