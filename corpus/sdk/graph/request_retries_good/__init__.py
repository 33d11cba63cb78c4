"""A corpus package: the base class's loop retries a connection that the subclass opens
with the per-request option that turns the client's retries off for it
(`client.responses.connect(…, max_retries=0)`): each attempt is sent once."""
