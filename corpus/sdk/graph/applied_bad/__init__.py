"""A corpus package: a class-body decorator applies tenacity when the method runs."""
