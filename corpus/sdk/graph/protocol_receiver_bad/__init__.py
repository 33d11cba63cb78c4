"""RA401 through a receiver that holds a protocol's implementer on one path and a
wrapper of the tree on the other: every path's class is a candidate, and the provider
that implements `TextProvider` without deriving from it keeps its default retries."""
