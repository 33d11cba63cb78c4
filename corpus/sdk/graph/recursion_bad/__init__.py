"""A corpus package: the retry layer and the SDK client are in different modules."""
