"""Near miss of bound_retry_object_bad: the same `llm_retry = make_retry()` layer,
over a client the factory builds with the SDK's retries off (`max_retries=0`)."""
