import json


def retryable_errors():
    """The errors the titles are asked for again: a reply that is not JSON."""
    return (json.JSONDecodeError,)
