"""A corpus package, the near miss: the same conductor, but a failed selection falls back
to a worker the turn acts on (no test of a failure sends the loop round), so each turn is
a step of the work, not another attempt at a failed request."""
