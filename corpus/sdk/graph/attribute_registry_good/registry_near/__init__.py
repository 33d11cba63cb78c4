"""A corpus package (near miss: the client sends once): the router keeps its providers in an annotated dict attribute and
reads one with `.get()`; the service's loop retries whatever the router raises."""
