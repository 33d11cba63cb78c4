"""A corpus package: the command is built in one module and run in another."""
