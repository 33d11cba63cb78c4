"""A corpus package: the agent is a parameter's default, kept on the instance in one
module; another module retries the method that runs it."""
