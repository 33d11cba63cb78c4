"""A corpus package: a base class's retry loop re-sends `self._request`, and the subclass in
another module sends through the client's own low-level request (`client.post(…)`), which
the SDK retries too (RA401)."""
