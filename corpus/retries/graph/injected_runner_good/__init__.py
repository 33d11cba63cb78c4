"""A corpus package, near misses: a loop over work items that stops at the first run the
runner module's predicate calls failed; a value whose name matches no class of the tree
is not guessed at; and a dependency a call of the tree passes is what that call gives
(a client of another package), whatever its name."""
