"""A corpus package: the agent program is found by a locator or read from a config object."""
