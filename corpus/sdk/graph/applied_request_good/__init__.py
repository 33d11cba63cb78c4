"""Near miss of applied_request_bad: the client whose request method the helper's
decorator wraps keeps no retries of its own, and another client's request is sent
outside any retry."""
