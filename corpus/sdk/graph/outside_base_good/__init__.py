"""A corpus package: the near miss of outside_base_bad. The worker's backend is annotated
with another base from the outside package than the one the SDK-holding class derives
from, so that class is not among what it may hold."""
