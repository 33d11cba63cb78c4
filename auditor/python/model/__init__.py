"""The Python semantic model on the stdlib `ast`: parse, positions, literals, scopes,
reaching definitions, values, and the project call graph. Knows nothing of agents,
retries or SDKs: `auditor.python.runner` builds those facts on it."""
