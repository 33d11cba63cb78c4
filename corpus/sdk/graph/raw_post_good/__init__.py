"""Near miss of raw_post_bad: the subclass posts through an `httpx` client, which has no
retries of its own, under the same loop."""
