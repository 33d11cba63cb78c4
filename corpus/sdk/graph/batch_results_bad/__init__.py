"""A corpus package: the base class retries fetching a batch's results through a hook
its subclasses override in another module; the override reads them with a client's
batch and file requests (not `create`), and the client keeps the SDK's retries."""
