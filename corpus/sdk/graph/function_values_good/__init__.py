"""Near miss: the same completer and registry, over clients whose own retries
are off, so the application's layer is the only one."""
