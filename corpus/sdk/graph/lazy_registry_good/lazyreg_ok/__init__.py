"""A corpus package (near miss): the same lazily filled engine registry, getter and
client class keeping the engine function on the instance under its retry decorator; the
engine's cached SDK client has its retries turned off (`max_retries=0`), so the
decorator owns recovery."""
