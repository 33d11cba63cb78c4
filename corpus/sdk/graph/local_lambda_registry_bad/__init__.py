"""A corpus package: the chat client picks its provider from a dict of lambdas built in
the factory method (`{"claude": lambda: ClaudeProvider(model)}[name]()`), and its send
loop retries rate limits and timeouts through whichever provider it made; both providers
keep their SDK client's own retries. Their base class comes from outside the tree, so only
the lambdas say which classes the client holds."""
