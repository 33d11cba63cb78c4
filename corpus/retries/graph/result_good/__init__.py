"""A corpus package: the run reports its failure in a result object."""
