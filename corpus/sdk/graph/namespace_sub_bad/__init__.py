"""A corpus package: two providers in namespace folders of one package (`api/alpha/`,
`api/beta/`, no `__init__.py` of their own), each in a module named `client`; the retry
loop that re-sends through either is in another module."""
