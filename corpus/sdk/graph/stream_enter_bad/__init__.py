"""A corpus package: a client hands the entry of its stream (`manager.__aenter__`, the
manager from `client.messages.stream(…)`) to a helper of another module, whose closure
opens it under tenacity's `AsyncRetrying`: entering the stream sends the request."""
