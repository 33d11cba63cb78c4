"""A corpus package, near misses: a loop over work items that stops at the first run the
runner module's predicate calls failed, and a value whose name matches no class of the
tree is not guessed at."""
