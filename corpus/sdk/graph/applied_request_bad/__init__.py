"""A corpus package: a helper of another module returns tenacity's decorator, and a client
applies it, as a call, to its own request method (`retry_llm_call(3)(client.create)`):
the wrapper it returns sends the request under the decorator's retries."""
