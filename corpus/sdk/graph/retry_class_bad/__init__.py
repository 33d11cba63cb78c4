"""A corpus package: the project's retry decorator is a class whose `__call__` applies
tenacity's to the function it is given; a model module in another package decorates with
an instance of it."""
