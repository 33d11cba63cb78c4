"""A corpus package: the override retries its own error around the request, and the base
class's loop further up retries the SDK's."""
