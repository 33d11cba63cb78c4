"""A corpus package: the near miss of default_factory_bad. The default factory turns the
SDK's own retries off, and a factory given at the call site is another module's concern."""
