"""A corpus package: an engine registry a function fills on first use (with imports
local to it), a getter that returns one engine function, and a client class that keeps
that function on the instance and calls it under its retry decorator; the engine sends
through a cached SDK client with its default retries."""
