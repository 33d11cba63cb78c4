"""A corpus package: clients derived or wrapped in one module, sent under retry
layers in another."""
