"""RA401 through functions held as values: a completer a factory returns, a registry of
lambdas, and a client bound by `functools.partial`, each run under a retry layer of
another module while the client keeps its default retries."""
