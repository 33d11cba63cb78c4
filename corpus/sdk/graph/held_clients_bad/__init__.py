"""A corpus package: a provider keeps one client per API key in a list (`append`) and
sends through an item of it (`self._clients[i]`, and a loop over the list), under the
orchestrator's blanket retry loop in another module."""
