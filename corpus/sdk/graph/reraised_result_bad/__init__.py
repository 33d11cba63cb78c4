"""A corpus package: the engine's step retry catches every exception; the adapter
(an override in another module) catches the SDK's failure and returns it in a result
object, and the engine's step raises again when that result says it failed: so the
retry re-sends the request the SDK already retried (RA401 at the client)."""
