"""Near miss: the same completer, registry and partial, over clients whose own retries
are off, so the application's layer is the only one."""
