"""A corpus package: the client's keyword arguments are a dict constant of another
module, spread into its constructor; they set the SDK's retries to 3 under a retry
decorator of the application's own."""
