"""A corpus package: the same loop around a method that lets the SDK's failures out,
which the loop does not catch."""
