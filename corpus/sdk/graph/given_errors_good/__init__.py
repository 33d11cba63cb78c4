"""A corpus package: the same factory, applied to retry only an answer with no content,
a class the provider raises for no failure of the SDK's."""
