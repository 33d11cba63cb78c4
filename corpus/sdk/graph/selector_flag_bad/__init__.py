"""A corpus package: the client module's factory builds the SDK client, the conductor
wraps it in a pydantic-ai model and agent, turns a failed selection into `(False, None)`
and goes round on that flag; the turn also acts on a selection that succeeds, yet a
failed one is sent again at once, each time with the SDK's own retries."""
