"""A corpus package: a retry helper in one module calls the function it is given in a
loop; an adapter in another passes it the client's request method itself
(`_with_retry(client.messages.create, …)`), so calling the parameter is the send."""
