"""Runner facts built on the Python model (`auditor.python.model`): agent launches and
their statuses, steps, retry constructs and the failures they retry, SDK clients, and
the per-module summaries the project index and the call graph are made of."""
