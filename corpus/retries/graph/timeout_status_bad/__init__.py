"""A corpus package: a runner returns its process's exit status in a tuple, or `-1` when
its watchdog killed the run, and a retrier in another module runs it again (resuming the
session) after any non-zero status."""
