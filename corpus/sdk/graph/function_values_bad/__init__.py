"""RA401 through functions held as values: a completer a factory returns and a registry
of lambdas, each run under a retry layer of another module while the client keeps its
default retries."""
