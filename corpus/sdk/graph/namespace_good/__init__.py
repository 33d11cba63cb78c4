"""A corpus package whose `scoring` folder is a namespace package (no `__init__.py`)."""
