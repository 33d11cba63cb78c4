"""A corpus package: the same gateway, whose backend's client leaves recovery to it."""
