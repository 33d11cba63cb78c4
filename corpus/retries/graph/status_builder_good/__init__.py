"""A corpus package, near misses: the same builder given a count of output lines, not the
run's status (its object says nothing of the run, and the run raises when it fails); and
the status it records tested only to resume a named session on the transient exit."""
